//! Whole blocks, at their real size, hold exactly their prize tables.

use std::convert::Infallible;

use guichet_core::block::{Block, Seed};

#[test]
fn every_full_block_matches_its_table_exactly() {
    for (position, emission) in guichet_core::games::emissions().enumerate() {
        let seed = Seed::from_bytes([position as u8 + 11; 32]);
        let tally = Block::open(emission, 2, &seed).tally();
        assert!(tally.matches_table(), "{emission}: {tally:?}");
        assert_eq!(tally.paid(), emission.printed.paid, "{emission}");
        assert_eq!(
            tally.winning(),
            u64::from(emission.printed.lots),
            "{emission}"
        );
    }
}

#[test]
fn the_walk_visits_every_unit_once_in_order() {
    let block = Block::open(
        &guichet_core::games::star_fortune::game::STAR_FORTUNE_50,
        0,
        &Seed::from_bytes([1; 32]),
    );
    let mut next = 0;
    block
        .walk(100_000, |start, tiers| {
            assert_eq!(start, next);
            for (offset, &tier) in tiers.iter().enumerate() {
                if offset % 997 == 0 {
                    assert_eq!(tier, block.tier_of_unit(start + offset as u32));
                }
            }
            next += tiers.len() as u32;
            Ok::<(), Infallible>(())
        })
        .expect("an infallible walk");
    assert_eq!(next, block.size());
}

#[test]
fn a_generated_seed_gives_an_exact_block_too() {
    let block = Block::open(
        &guichet_core::games::blackjack::game::BLACK_JACK,
        0,
        &Seed::generate().expect("entropy"),
    );
    assert!(block.tally().matches_table());
}

#[test]
fn a_tally_notices_a_missing_unit() {
    let emission = &guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
    let mut tally = Block::open(emission, 0, &Seed::from_bytes([4; 32])).tally();
    assert!(tally.matches_table());
    tally.add(Some(0));
    assert!(!tally.matches_table());
}
