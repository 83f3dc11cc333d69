//! Block costs: opening one, the prize of one unit, and walking a whole block.

use std::convert::Infallible;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use guichet_core::block::{Block, Seed};
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::x10::game::X10;

fn open_a_block(criterion: &mut Criterion) {
    let seed = Seed::from_bytes([7; 32]);
    criterion.bench_function("open a Black Jack block", |bench| {
        bench.iter(|| Block::open(black_box(&BLACK_JACK), black_box(3), black_box(&seed)));
    });
}

fn prize_of_one_unit(criterion: &mut Criterion) {
    let block = Block::open(&X10, 0, &Seed::from_bytes([7; 32]));
    let mut index = 0;
    criterion.bench_function("prize of one X10 unit", |bench| {
        bench.iter(|| {
            index = (index + 7_919) % block.size();
            block.prize_of_unit(black_box(index))
        });
    });
}

fn walk_a_whole_block(criterion: &mut Criterion) {
    let block = Block::open(&X10, 0, &Seed::from_bytes([7; 32]));
    let mut group = criterion.benchmark_group("walk");
    group.sample_size(10);
    group.bench_function("whole X10 block (4 500 000 units)", |bench| {
        bench.iter(|| {
            let mut winners = 0_u32;
            block
                .walk(1 << 16, |_, tiers| {
                    winners += tiers.iter().filter(|tier| tier.is_some()).count() as u32;
                    Ok::<(), Infallible>(())
                })
                .expect("an infallible walk");
            winners
        });
    });
    group.finish();
}

criterion_group!(benches, open_a_block, prize_of_one_unit, walk_a_whole_block);
criterion_main!(benches);
