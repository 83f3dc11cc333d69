//! No tells: nothing visible before a reveal depends on the unit's prize, and an
//! amount, once revealed, says nothing of whether its zone wins.
//!
//! Each property is proven twice: structurally (what shows first is drawn first
//! from the unit's stream, blind to the prize: the same stream gives the same
//! face-up card and the same grids whatever the tier) and statistically, on fixed
//! seeds, as a test lab would: thousands of units per tier against the losing
//! ones, no difference at p < 10⁻⁴.

// Counts of a few million are exact in f64.
#![allow(clippy::cast_precision_loss)]

mod per_game;
mod stats;

use std::collections::BTreeMap;

use guichet_core::emission::Emission;
use guichet_core::games::Scenario;
use guichet_core::games::bingo::scenario::{BingoScenario, CORNERS, ROWS};
use guichet_core::games::blackjack::generator as blackjack;
use guichet_core::games::blackjack::scenario::{BlackJackScenario, HandOutcome, Rank};
use guichet_core::games::x10::generator as x10;
use guichet_core::games::x10::scenario::{Symbol, X10Scenario};
use guichet_core::generator;
use guichet_core::money::Cents;
use per_game::Proof;
use rand::rngs::ChaCha12Rng;
use rand::{RngExt as _, SeedableRng as _};
use rayon::prelude::*;

/// Each game's proofs that it shows no tells, by export name: every game of
/// the registry has its entry.
const NO_TELLS: &[(&str, Proof)] = &[
    (
        "blackjack",
        Proof::Checks(&[
            the_bank_is_drawn_before_the_prize_is_known,
            the_face_up_card_and_the_bank_total_are_alike_for_every_tier,
            every_tier_shows_the_face_up_card_of_one_known_distribution,
            over_a_block_a_black_jack_amount_tells_nothing,
            black_jack_decoy_amounts_are_those_of_winning_zones,
        ]),
    ),
    (
        "x10",
        Proof::Checks(&[
            over_a_block_an_x10_amount_on_a_number_tells_nothing,
            x10_decoy_amounts_are_those_of_winning_zones,
        ]),
    ),
    (
        "star_fortune",
        Proof::Nothing(
            "its row of places is the règlement's for every unit (its rules check slots_cents): \
             nothing drawn shows before a drop; where a losing drop lands is in decoys.rs",
        ),
    ),
    (
        "bingo",
        Proof::Checks(&[
            the_grids_are_drawn_before_the_prize_is_known,
            the_grids_look_alike_for_every_tier,
        ]),
    ),
];

#[test]
fn no_game_shows_a_tell() {
    per_game::run_for_every_game(NO_TELLS, "no_tells.rs's NO_TELLS");
}

/// Units drawn per tier for the comparisons with the losing tier.
const UNITS_PER_TIER: u64 = 9_000;
/// No tier may differ from the losing one at this p-value or below.
const LEVEL: f64 = 1e-4;

fn prizes(emission: &Emission) -> Vec<Cents> {
    emission
        .tiers
        .iter()
        .map(|tier| tier.prize)
        .chain([Cents::ZERO])
        .collect()
}

fn unit(emission: &Emission, prize: Cents, seed: u64) -> Scenario {
    let mut rng = ChaCha12Rng::seed_from_u64(seed);
    generator::generate(emission, prize, &mut rng).expect("a prize of the table")
}

/// `UNITS_PER_TIER` units of each tier (the losing one last), each tier with
/// its own seeds, reduced by `statistic` to a category among `categories`.
fn histograms(
    emission: &Emission,
    categories: usize,
    statistic: impl Fn(&Scenario) -> usize + Sync,
) -> Vec<(Cents, Vec<u64>)> {
    prizes(emission)
        .into_par_iter()
        .map(|prize| {
            let mut histogram = vec![0_u64; categories];
            for seed in 0..UNITS_PER_TIER {
                let seed = seed ^ (prize.get().unsigned_abs() << 24) ^ 0x5EED;
                histogram[statistic(&unit(emission, prize, seed))] += 1;
            }
            (prize, histogram)
        })
        .collect()
}

/// Fails unless every tier's histogram is like the losing tier's.
fn alike_the_losing_tier(what: &str, histograms: &[(Cents, Vec<u64>)]) {
    let (_, losing) = histograms.last().expect("the losing tier");
    for (prize, histogram) in &histograms[..histograms.len() - 1] {
        let p = stats::homogeneity(&[histogram.clone(), losing.clone()]);
        assert!(
            p > LEVEL,
            "{what}: the {prize} tier differs from the losing one (p = {p:.2e}): {histogram:?} vs {losing:?}"
        );
    }
}

fn black_jack(scenario: &Scenario) -> &BlackJackScenario {
    match scenario {
        Scenario::BlackJack(table) => table,
        _ => unreachable!("Black Jack"),
    }
}

fn bingo(scenario: &Scenario) -> &BingoScenario {
    match scenario {
        Scenario::Bingo(unit) => unit,
        _ => unreachable!("Bingo"),
    }
}

fn the_bank_is_drawn_before_the_prize_is_known(emission: &'static Emission) {
    for seed in 0..500 {
        let banks: Vec<_> = prizes(emission)
            .into_iter()
            .map(|prize| black_jack(&unit(emission, prize, seed)).bank)
            .collect();
        assert!(
            banks.windows(2).all(|pair| pair[0] == pair[1]),
            "seed {seed}: {banks:?}"
        );
    }
}

fn the_face_up_card_and_the_bank_total_are_alike_for_every_tier(emission: &'static Emission) {
    // The face-up card's value (2 to 11), as a player sees it from the purchase.
    alike_the_losing_tier(
        "face-up card",
        &histograms(emission, 12, |scenario| {
            usize::from(black_jack(scenario).bank.shown.value())
        }),
    );
    // A ten-valued face-up card, the statistic the examination used.
    alike_the_losing_tier(
        "ten-valued face-up card",
        &histograms(emission, 2, |scenario| {
            usize::from(black_jack(scenario).bank.shown.value() == 10)
        }),
    );
    // The bank's total, once its hidden card is turned.
    alike_the_losing_tier(
        "bank total",
        &histograms(emission, 21, |scenario| {
            usize::from(black_jack(scenario).bank.total())
        }),
    );
}

fn every_tier_shows_the_face_up_card_of_one_known_distribution(emission: &'static Emission) {
    // The bank's number is uniform in its range, its cards uniform among the
    // pairs making it: the face-up card's value has this distribution, which
    // every tier's sample must fit.
    let mut exact = [0.0_f64; 12];
    let totals: Vec<u8> = blackjack::BANK_TOTALS.collect();
    for &total in &totals {
        let pairs: Vec<(Rank, Rank)> = Rank::ALL
            .iter()
            .flat_map(|&shown| Rank::BANK_HIDDEN.iter().map(move |&hidden| (shown, hidden)))
            .filter(|(shown, hidden)| shown.value() + hidden.value() == total)
            .collect();
        for (shown, _) in &pairs {
            exact[usize::from(shown.value())] += 1.0 / (totals.len() * pairs.len()) as f64;
        }
    }
    for (prize, histogram) in histograms(emission, 12, |scenario| {
        usize::from(black_jack(scenario).bank.shown.value())
    }) {
        let p = stats::fit(&histogram, &exact);
        assert!(p > LEVEL, "{prize}: p = {p:.2e}, {histogram:?}");
    }
}

fn the_grids_are_drawn_before_the_prize_is_known(emission: &'static Emission) {
    for seed in 0..300 {
        let grids: Vec<_> = prizes(emission)
            .into_iter()
            .map(|prize| bingo(&unit(emission, prize, seed)).grids)
            .collect();
        assert!(
            grids.windows(2).all(|pair| pair[0] == pair[1]),
            "seed {seed}"
        );
    }
}

/// How many numbers the two grids share.
fn shared_numbers(unit: &BingoScenario) -> usize {
    unit.grids[0]
        .iter()
        .flatten()
        .filter(|number| unit.grids[1].contains(&Some(**number)))
        .count()
}

/// Whether two or more of Grille 1's corner numbers lie in one row of Grille 2.
fn corners_in_one_row(unit: &BingoScenario) -> bool {
    let corners: Vec<u8> = CORNERS
        .iter()
        .filter_map(|&cell| unit.grids[0][cell])
        .collect();
    ROWS.iter().any(|row| {
        row.iter()
            .filter_map(|&cell| unit.grids[1][cell])
            .filter(|number| corners.contains(number))
            .count()
            >= 2
    })
}

fn the_grids_look_alike_for_every_tier(emission: &'static Emission) {
    alike_the_losing_tier(
        "numbers shared by the grids",
        &histograms(emission, 16, |scenario| shared_numbers(bingo(scenario))),
    );
    alike_the_losing_tier(
        "Grille 1 corners in one Grille 2 row",
        &histograms(emission, 2, |scenario| {
            usize::from(corners_in_one_row(bingo(scenario)))
        }),
    );
    for grid in 0..2 {
        alike_the_losing_tier(
            &format!("the Joker's cell on Grille {}", grid + 1),
            &histograms(emission, 16, |scenario| {
                bingo(scenario).grids[grid]
                    .iter()
                    .position(Option::is_none)
                    .expect("a Joker")
            }),
        );
    }
    // Where the lowest number of each grid sits: the layout of numbers.
    alike_the_losing_tier(
        "the cell of Grille 2's lowest number",
        &histograms(emission, 16, |scenario| {
            let grid = &bingo(scenario).grids[1];
            (0..16)
                .filter(|&cell| grid[cell].is_some())
                .min_by_key(|&cell| grid[cell])
                .expect("numbers")
        }),
    );
}

/// One zone of a sampled block: the amount it shows and whether it wins.
type Zone = (Cents, bool);

/// A block's worth of units of `emission` (each tier its lots' count of units,
/// the losing units the rest), reduced by `zones` to the zones in question.
fn block_of_zones(
    emission: &'static Emission,
    zones: impl Fn(&Scenario) -> Vec<Zone> + Sync,
) -> BTreeMap<Cents, (u64, u64)> {
    let mut plan: Vec<(Cents, u32)> = emission
        .tiers
        .iter()
        .map(|tier| (tier.prize, tier.lots))
        .collect();
    plan.push((Cents::ZERO, emission.losing_lots()));
    let chunks: Vec<(Cents, u64, u64)> = plan
        .iter()
        .enumerate()
        .flat_map(|(tier, &(prize, lots))| {
            (0..u64::from(lots)).step_by(50_000).map(move |start| {
                (
                    prize,
                    ((tier as u64) << 32) | start,
                    (u64::from(lots) - start).min(50_000),
                )
            })
        })
        .collect();
    chunks
        .into_par_iter()
        .map(|(prize, first_seed, count)| {
            let mut counts: BTreeMap<Cents, (u64, u64)> = BTreeMap::new();
            for seed in first_seed..first_seed + count {
                for (amount, wins) in zones(&unit(emission, prize, seed)) {
                    let entry = counts.entry(amount).or_default();
                    if wins {
                        entry.0 += 1;
                    } else {
                        entry.1 += 1;
                    }
                }
            }
            counts
        })
        .reduce(BTreeMap::new, |mut all, part| {
            for (amount, (wins, losses)) in part {
                let entry = all.entry(amount).or_default();
                entry.0 += wins;
                entry.1 += losses;
            }
            all
        })
}

/// The p-value of "every amount wins as often": wins and losses per amount.
fn win_rate_is_the_same_for_every_amount(counts: &BTreeMap<Cents, (u64, u64)>) -> f64 {
    let wins: Vec<u64> = counts.values().map(|&(wins, _)| wins).collect();
    let losses: Vec<u64> = counts.values().map(|&(_, losses)| losses).collect();
    stats::homogeneity(&[wins, losses])
}

fn black_jack_hands(scenario: &Scenario) -> Vec<Zone> {
    let table = black_jack(scenario);
    table
        .hands
        .iter()
        .zip(table.outcomes())
        .map(|(hand, outcome)| (hand.amount, outcome != HandOutcome::Loses))
        .collect()
}

fn x10_numbers(scenario: &Scenario) -> Vec<Zone> {
    let Scenario::X10(unit) = scenario else {
        unreachable!("X10")
    };
    numbers_of(unit)
}

fn numbers_of(unit: &X10Scenario) -> Vec<Zone> {
    unit.cells
        .iter()
        .filter_map(|cell| match cell.symbol {
            Symbol::Number { number } => {
                Some((cell.amount, unit.winning_numbers.contains(&number)))
            }
            Symbol::Multiplier { .. } => None,
        })
        .collect()
}

fn over_a_block_a_black_jack_amount_tells_nothing(emission: &'static Emission) {
    let counts = block_of_zones(emission, black_jack_hands);
    let hands: u64 = counts.values().map(|&(wins, losses)| wins + losses).sum();
    assert_eq!(hands, 3 * u64::from(emission.block_size));
    let p = win_rate_is_the_same_for_every_amount(&counts);
    assert!(p > LEVEL, "p = {p:.2e}: {counts:?}");

    // The test has the power to see a tell: the same winners against losers
    // decorated the old way (a fixed list, heavy-tailed), it rejects at once.
    let mut rng = ChaCha12Rng::seed_from_u64(1);
    let old: [(i64, u32); 13] = [
        (2, 150),
        (4, 150),
        (5, 120),
        (10, 120),
        (20, 100),
        (25, 80),
        (50, 80),
        (100, 60),
        (200, 50),
        (500, 40),
        (1_000, 30),
        (10_000, 12),
        (20_000, 8),
    ];
    let losers: u64 = counts.values().map(|&(_, losses)| losses).sum();
    let mut engineered: BTreeMap<Cents, (u64, u64)> = counts
        .iter()
        .map(|(&amount, &(wins, _))| (amount, (wins, 0)))
        .collect();
    for _ in 0..losers {
        let mut point = rng.random_range(0..1_000);
        let euros = old
            .iter()
            .find(|&&(_, weight)| {
                let hit = point < weight;
                point = point.saturating_sub(weight);
                hit
            })
            .map_or(2, |&(euros, _)| euros);
        engineered.entry(Cents::euros(euros)).or_default().1 += 1;
    }
    assert!(win_rate_is_the_same_for_every_amount(&engineered) < 1e-12);
}

fn over_a_block_an_x10_amount_on_a_number_tells_nothing(emission: &'static Emission) {
    let counts = block_of_zones(emission, x10_numbers);
    let numbers: u64 = counts.values().map(|&(wins, losses)| wins + losses).sum();
    assert!(
        numbers > 8 * u64::from(emission.block_size),
        "{numbers} numbers"
    );
    let p = win_rate_is_the_same_for_every_amount(&counts);
    assert!(p > LEVEL, "p = {p:.2e}: {counts:?}");
}

fn black_jack_decoy_amounts_are_those_of_winning_zones(_: &'static Emission) {
    // The rare top amounts now hide under losing zones about as often, relative
    // to winning ones, as any other amount: no 20 000 € near misses.
    let decoys = blackjack::decoy_amounts();
    assert!(decoys.probability(Cents::euros(20_000)) < 1e-5);
    assert!(decoys.probability(Cents::euros(2)) > 0.3);
}

fn x10_decoy_amounts_are_those_of_winning_zones(_: &'static Emission) {
    let decoys = x10::decoy_amounts();
    assert!(decoys.probability(Cents::euros(20_000)) < 1e-5);
}
