//! Whole blocks, at their real size, hold exactly their prize tables.

use std::sync::atomic::{AtomicBool, Ordering};

use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;

#[test]
fn every_full_block_matches_its_table_exactly() {
    for (position, emission) in Emission::ALL.into_iter().enumerate() {
        let seed = Seed::from_bytes([position as u8 + 11; 32]);
        let block = Block::open(emission, 2, &seed);
        let counts = block.walk(|_, _| {});
        let mut expected: Vec<u64> = emission
            .tiers
            .iter()
            .map(|tier| u64::from(tier.lots))
            .collect();
        expected.push(u64::from(emission.losing_lots()));
        assert_eq!(counts, expected, "{emission}");
    }
}

#[test]
fn every_unit_of_a_block_is_visited_once() {
    let block = Block::open(Emission::ALL[2], 0, &Seed::from_bytes([1; 32]));
    let seen: Vec<AtomicBool> = (0..block.size()).map(|_| AtomicBool::new(false)).collect();
    block.walk(|index, _| {
        assert!(
            !seen[index as usize].swap(true, Ordering::Relaxed),
            "unit {index} twice"
        );
    });
    assert!(seen.iter().all(|visited| visited.load(Ordering::Relaxed)));
}

#[test]
fn a_generated_seed_gives_an_exact_block_too() {
    let emission = Emission::ALL[0];
    let block = Block::open(emission, 0, &Seed::generate().expect("entropy"));
    let counts = block.walk(|_, _| {});
    assert_eq!(counts.iter().sum::<u64>(), u64::from(emission.block_size));
    for (tier, count) in emission.tiers.iter().zip(&counts) {
        assert_eq!(u64::from(tier.lots), *count);
    }
}
