//! What every scenario shows evaluates, under the règlement, to its unit's prize;
//! and it is always a legal scenario of its game.

use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;
use guichet_core::games::Scenario;
use guichet_core::games::bingo::generator::combinations_for;
use guichet_core::generator;
use guichet_core::generator::unit_scenario;
use guichet_core::money::Cents;
use proptest::prelude::*;
use rand::SeedableRng as _;
use rand::rngs::ChaCha12Rng;

/// Every prize of an emission, the losing one included.
fn prizes(emission: &Emission) -> impl Iterator<Item = Cents> + '_ {
    emission
        .tiers
        .iter()
        .map(|tier| tier.prize)
        .chain([Cents::ZERO])
}

/// The eight cards of a Black Jack table, as (rank, suit).
fn cards_of(table: &guichet_core::games::blackjack::scenario::BlackJackScenario) -> Vec<String> {
    let bank = &table.bank;
    let mut cards = vec![
        format!("{:?}{:?}", bank.shown, bank.suits[0]),
        format!("{:?}{:?}", bank.hidden, bank.suits[1]),
    ];
    for hand in &table.hands {
        cards.extend((0..2).map(|card| format!("{:?}{:?}", hand.cards[card], hand.suits[card])));
    }
    cards
}

fn check(emission: &Emission, prize: Cents, scenario: &Scenario) -> Result<(), TestCaseError> {
    check_under(generator::VERSION, emission, prize, scenario)
}

/// What [`check`] checks of a scenario drawn as generators' `version` drew;
/// from version 3 on, a Black Jack table shows no card twice (one deck).
fn check_under(
    version: u32,
    emission: &Emission,
    prize: Cents,
    scenario: &Scenario,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(scenario.game(), emission.game);
    if let Scenario::BlackJack(table) = scenario
        && version >= 3
    {
        let mut cards = cards_of(table);
        cards.sort();
        cards.dedup();
        prop_assert_eq!(cards.len(), 8, "a card twice: {:?}", table);
    }
    if let Err(error) = scenario.validate(emission) {
        return Err(TestCaseError::fail(format!(
            "{emission} {prize}: {error}: {scenario:?}"
        )));
    }
    prop_assert_eq!(scenario.prize(), prize, "{} {:?}", emission, scenario);
    if let Scenario::Bingo(bingo) = scenario {
        let intended = combinations_for(prize).expect("a Bingo prize");
        prop_assert_eq!((bingo.first_grid(), bingo.second_grid()), intended);
    }
    let json = scenario.to_json();
    let read = Scenario::from_json(emission.game, &json).expect("a scenario reads back");
    prop_assert_eq!(&read, scenario, "{}", json);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Every tier of all six emissions, thousands of seeds each, under every
    /// generators' version this build draws.
    #[test]
    fn every_tier_evaluates_to_its_prize(seed in any::<u64>()) {
        for version in generator::OLDEST..=generator::VERSION {
            for emission in guichet_core::games::emissions() {
                for prize in prizes(emission) {
                    let mut rng = ChaCha12Rng::seed_from_u64(seed);
                    let scenario = generator::generate_under(version, emission, prize, &mut rng)
                        .expect("a prize of the table");
                    check_under(version, emission, prize, &scenario)?;
                }
            }
        }
    }

    /// Star Fortune: whichever pucks the player picks, the ways down are legal
    /// and the prize does not move (règlement 4.5).
    #[test]
    fn any_puck_lands_where_the_unit_says(seed in any::<u64>(), pucks in (0_u8..3, 0_u8..3)) {
        for emission in guichet_core::games::star_fortune::game::GAME.emissions() {
            for prize in prizes(emission) {
                let mut rng = ChaCha12Rng::seed_from_u64(seed);
                let Ok(Scenario::StarFortune(mut scenario)) = generator::generate(emission, prize, &mut rng) else {
                    return Err(TestCaseError::fail("a Star Fortune scenario"));
                };
                scenario.pick_puck(0, pucks.0);
                scenario.pick_puck(1, pucks.1);
                check(emission, prize, &Scenario::StarFortune(scenario))?;
            }
        }
    }

    /// Units of real blocks, anywhere in them: the scenario drawn from the
    /// unit's stream, read by the rules, pays the prize of the tier its block's
    /// permutation gives it.
    #[test]
    fn block_units_show_their_prize(seed in any::<[u8; 32]>(), place in any::<u32>()) {
        for emission in guichet_core::games::emissions() {
            let block = Block::open(emission, 0, &Seed::from_bytes(seed));
            let index = place % block.size();
            let prize = block
                .tier_of_unit(index)
                .map_or(Cents::ZERO, |tier| emission.tiers[tier].prize);
            let (said, scenario) = unit_scenario(&block, index);
            prop_assert_eq!(said, prize);
            check(emission, prize, &scenario)?;
        }
    }
}

#[test]
fn a_unit_scenario_is_reproducible_from_its_block() {
    let seed = Seed::from_bytes([3; 32]);
    for emission in guichet_core::games::emissions() {
        let first = Block::open(emission, 5, &seed);
        let again = Block::open(emission, 5, &seed);
        for index in [0, 1, 777, 12_345] {
            assert_eq!(unit_scenario(&first, index), unit_scenario(&again, index));
        }
        assert_ne!(unit_scenario(&first, 1).1, unit_scenario(&first, 2).1);
    }
}

#[test]
fn every_tier_of_every_emission_has_a_scenario() {
    for emission in guichet_core::games::emissions() {
        for prize in prizes(emission) {
            let mut rng = ChaCha12Rng::seed_from_u64(1);
            assert!(
                generator::generate(emission, prize, &mut rng).is_ok(),
                "{emission} {prize}"
            );
        }
        let mut rng = ChaCha12Rng::seed_from_u64(1);
        assert!(
            generator::generate(emission, Cents(1), &mut rng).is_err(),
            "{emission}: 0,01 € is no prize"
        );
    }
}

#[test]
fn each_bingo_tier_has_exactly_one_way() {
    use guichet_core::games::bingo::scenario::{FirstGridCombination, FullRows};
    let first = [
        FirstGridCombination::None,
        FirstGridCombination::Corners,
        FirstGridCombination::OneDiagonal,
        FirstGridCombination::TwoDiagonals,
    ];
    for prize in prizes(&guichet_core::games::bingo::game::BINGO) {
        let ways = first
            .iter()
            .flat_map(|&one| (0..=4).map(move |rows| (one, FullRows(rows))))
            .filter(|(one, two)| one.prize().checked_add(two.prize()) == Some(prize))
            .count();
        assert_eq!(ways, 1, "{prize}");
    }
}
