//! Scenario costs: drawing and evaluating one unit of each game, a whole X10
//! block of them, and the fall of a Star Fortune puck.

use std::convert::Infallible;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use guichet_core::block::{Block, Seed};
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::star_fortune::plinko::{Board, drop_trajectory};
use guichet_core::games::x10::game::X10;
use guichet_core::generator::{scenario_of_unit, unit_scenario};
use guichet_core::money::Cents;
use rayon::prelude::*;

fn one_unit_of_each_game(criterion: &mut Criterion) {
    let seed = Seed::from_bytes([9; 32]);
    for emission in guichet_core::games::emissions() {
        let block = Block::open(emission, 0, &seed);
        let mut index = 0;
        criterion.bench_function(
            &format!("draw + evaluate one {} unit", emission.code()),
            |bench| {
                bench.iter(|| {
                    index = (index + 7_919) % block.size();
                    let (prize, scenario) = unit_scenario(&block, black_box(index));
                    assert_eq!(scenario.prize(), prize);
                });
            },
        );
    }
}

fn a_whole_x10_block(criterion: &mut Criterion) {
    let block = Block::open(&X10, 0, &Seed::from_bytes([9; 32]));
    let mut group = criterion.benchmark_group("whole block");
    group.sample_size(10);
    group.bench_function("draw + evaluate all 4 500 000 X10 scenarios", |bench| {
        bench.iter(|| {
            let mut agreeing = 0;
            block
                .walk(1 << 16, |start, tiers| {
                    agreeing += (start..)
                        .zip(tiers)
                        .collect::<Vec<_>>()
                        .into_par_iter()
                        .filter(|&(index, tier)| {
                            let prize = tier.map_or(Cents::ZERO, |tier| X10.tiers[tier].prize);
                            scenario_of_unit(&block, index, prize).prize() == prize
                        })
                        .count();
                    Ok::<(), Infallible>(())
                })
                .expect("an infallible walk");
            assert_eq!(agreeing, block.size() as usize);
        });
    });
    group.finish();
}

fn one_puck_falling(criterion: &mut Criterion) {
    let block = Block::open(&STAR_FORTUNE_100, 0, &Seed::from_bytes([9; 32]));
    let Scenario::StarFortune(mut unit) = unit_scenario(&block, 0).1 else {
        unreachable!("Star Fortune")
    };
    let board = Board::of(&STAR_FORTUNE_100, unit.physics);
    unit.pick_puck(1, 2);
    criterion.bench_function("one Star Fortune puck falling (480 Hz)", |bench| {
        bench.iter(|| {
            drop_trajectory(&board, black_box(&unit.drops[1])).map(|fall| fall.samples.len())
        });
    });
}

criterion_group!(
    benches,
    one_unit_of_each_game,
    a_whole_x10_block,
    one_puck_falling
);
criterion_main!(benches);
