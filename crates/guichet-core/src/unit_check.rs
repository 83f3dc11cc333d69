//! A unit checked as its player can, once its block has closed: the seed
//! published gives the commitment published before the block's first sale;
//! the block's permutation gives the unit's index the tier whose prize was
//! paid; the unit's own stream draws the scenario the screen showed; and
//! the règlement's evaluation of that scenario is the prize paid, the
//! scenario breaking none of its rules. Before the block closes, the checks
//! that need its seed wait for it.

use crate::block::{Block, Commitment, Seed};
use crate::emission::Emission;
use crate::games::Scenario;
use crate::generator;
use crate::money::Cents;

/// What a unit sold says of itself.
#[derive(Clone, Copy, Debug)]
pub struct SoldUnit<'a> {
    /// Its emission.
    pub emission: &'static Emission,
    /// Its block's number.
    pub block: u32,
    /// Its index in the block.
    pub index: u32,
    /// The prize paid for it.
    pub prize: Cents,
    /// What its screen showed.
    pub scenario: &'a Scenario,
    /// The version of the generators that drew it.
    pub generator: u32,
}

/// One check of a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The seed published gives the commitment published before the
    /// block's first sale (SHA-256).
    SeedGivesCommitment,
    /// The block's permutation gives the unit's index `tier` (`None`: a
    /// losing unit), whose prize is `block_prize`, and that is the prize
    /// paid.
    TierIsThePrizePaid {
        /// The tier, by its position in the emission's table.
        tier: Option<usize>,
        /// Its prize.
        block_prize: Cents,
    },
    /// The unit's own stream draws the scenario shown.
    StreamDrawsTheScenario,
    /// The règlement's evaluation of the scenario shown, `pays`, is the
    /// prize paid.
    ScenarioPaysThePrize {
        /// What the scenario pays by the règlement.
        pays: Cents,
    },
    /// The scenario shown breaks no rule of the règlement (`Err`: the first
    /// it breaks).
    ScenarioIsLegal(Result<(), String>),
}

/// How a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It holds.
    Holds,
    /// It does not.
    Fails,
    /// It needs the block's seed, published when the block closes.
    Waits,
    /// The unit was drawn by another version of the generators than this
    /// build's: its stream is not redrawn here.
    OtherGenerators,
}

/// A unit's checks, in order, each with its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitCheck {
    /// The checks.
    pub lines: Vec<(Check, Outcome)>,
}

impl UnitCheck {
    /// Whether every check holds.
    #[must_use]
    pub fn holds(&self) -> bool {
        self.lines
            .iter()
            .all(|(_, outcome)| *outcome == Outcome::Holds)
    }

    /// Whether some check waits for the block's seed.
    #[must_use]
    pub fn waits(&self) -> bool {
        self.lines
            .iter()
            .any(|(_, outcome)| *outcome == Outcome::Waits)
    }
}

/// Checks `unit` against its block's `commitment` and, once published, its
/// `seed`.
#[must_use]
pub fn check(unit: &SoldUnit<'_>, commitment: Commitment, seed: Option<&Seed>) -> UnitCheck {
    let holds = |condition: bool| {
        if condition {
            Outcome::Holds
        } else {
            Outcome::Fails
        }
    };
    let mut lines = Vec::new();
    // Only a seed that gives the commitment is used for what follows: any
    // other would "prove" what it likes.
    let block = seed.and_then(|seed| {
        let committed = Block::verify(unit.emission, unit.block, seed, commitment);
        lines.push((Check::SeedGivesCommitment, holds(committed)));
        (committed && unit.index < unit.emission.block_size)
            .then(|| Block::open(unit.emission, unit.block, seed))
    });
    match (&block, seed) {
        (Some(block), _) => {
            let tier = block.tier_of_unit(unit.index);
            let block_prize = block.prize_of_unit(unit.index);
            lines.push((
                Check::TierIsThePrizePaid { tier, block_prize },
                holds(block_prize == unit.prize),
            ));
            let outcome = if generator::draws(unit.generator) {
                let drawn = generator::scenario_of_unit_under(
                    unit.generator,
                    block,
                    unit.index,
                    block_prize,
                );
                holds(drawn == *unit.scenario)
            } else {
                Outcome::OtherGenerators
            };
            lines.push((Check::StreamDrawsTheScenario, outcome));
        }
        (None, Some(_)) => {
            // A seed that is not the committed one, or an index outside the
            // block: nothing of the block can be checked.
            lines.push((
                Check::TierIsThePrizePaid {
                    tier: None,
                    block_prize: Cents::ZERO,
                },
                Outcome::Fails,
            ));
            lines.push((Check::StreamDrawsTheScenario, Outcome::Fails));
        }
        (None, None) => {
            lines.push((Check::SeedGivesCommitment, Outcome::Waits));
            lines.push((
                Check::TierIsThePrizePaid {
                    tier: None,
                    block_prize: Cents::ZERO,
                },
                Outcome::Waits,
            ));
            lines.push((Check::StreamDrawsTheScenario, Outcome::Waits));
        }
    }
    let pays = unit.scenario.prize();
    lines.push((
        Check::ScenarioPaysThePrize { pays },
        holds(pays == unit.prize),
    ));
    let legal = unit
        .scenario
        .validate(unit.emission)
        .map_err(|error| error.to_string());
    let outcome = holds(legal.is_ok());
    lines.push((Check::ScenarioIsLegal(legal), outcome));
    UnitCheck { lines }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;
    use proptest::prelude::*;

    fn seed(byte: u8) -> Seed {
        format!("{byte:02x}").repeat(32).parse().expect("a seed")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every unit sold from a block checks out, and no other prize,
        /// scenario or seed does.
        #[test]
        fn a_true_unit_holds_and_a_forged_one_fails(
            emission_at in 0..games::emissions().count(),
            byte in any::<u8>(),
            index_draw in any::<u32>(),
        ) {
            let emission = games::emissions().nth(emission_at).expect("an emission");
            let seed = seed(byte);
            let block = Block::open(emission, 1, &seed);
            let index = index_draw % emission.block_size;
            let (prize, scenario) = generator::unit_scenario(&block, index);
            let unit = SoldUnit { emission, block: 1, index, prize, scenario: &scenario, generator: generator::VERSION };
            let checked = check(&unit, block.commitment(), Some(&seed));
            prop_assert!(checked.holds(), "{checked:?}");
            // Before the seed: waiting, never "holds".
            let waiting = check(&unit, block.commitment(), None);
            prop_assert!(waiting.waits() && !waiting.holds());
            // Another prize paid.
            let forged = SoldUnit { prize: prize.checked_add(Cents::euros(1)).expect("cents"), ..unit };
            prop_assert!(!check(&forged, block.commitment(), Some(&seed)).holds());
            // Another seed, claimed to be the block's.
            let other = self::seed(byte.wrapping_add(1));
            let lying = check(&unit, block.commitment(), Some(&other));
            prop_assert_eq!(&lying.lines[0], &(Check::SeedGivesCommitment, Outcome::Fails));
            prop_assert!(!lying.holds());
            // Another unit's scenario shown.
            let neighbour = (index + 1) % emission.block_size;
            let (other_prize, other_scenario) = generator::unit_scenario(&block, neighbour);
            if other_scenario != scenario {
                let swapped = SoldUnit { scenario: &other_scenario, prize: other_prize, ..unit };
                prop_assert!(!check(&swapped, block.commitment(), Some(&seed)).holds());
            }
        }
    }

    /// A unit sold under an older version still drawn holds with the
    /// scenario that version drew, and fails with the current drawing's
    /// (a Black Jack table of version 2 against version 3's deck).
    #[test]
    fn a_unit_sold_under_an_older_version_holds_as_it_was_sold() {
        let emission = games::emissions().next().expect("Black Jack first");
        let seed = seed(7);
        let block = Block::open(emission, 1, &seed);
        let mut differing = 0;
        for index in 0..50 {
            let prize = block.prize_of_unit(index);
            let old = generator::scenario_of_unit_under(generator::OLDEST, &block, index, prize);
            let new = generator::scenario_of_unit(&block, index, prize);
            let sold = |scenario, generator| SoldUnit {
                emission,
                block: 1,
                index,
                prize,
                scenario,
                generator,
            };
            let as_sold = check(
                &sold(&old, generator::OLDEST),
                block.commitment(),
                Some(&seed),
            );
            assert!(as_sold.holds(), "{as_sold:?}");
            if old != new {
                differing += 1;
                let claimed = sold(&new, generator::OLDEST);
                assert!(!check(&claimed, block.commitment(), Some(&seed)).holds());
            }
        }
        assert!(differing > 0, "the versions draw Black Jack differently");
    }

    #[test]
    fn a_unit_of_other_generators_is_said_so_not_passed() {
        let emission = games::emissions().next().expect("an emission");
        let seed = seed(3);
        let block = Block::open(emission, 1, &seed);
        let (prize, scenario) = generator::unit_scenario(&block, 5);
        let unit = SoldUnit {
            emission,
            block: 1,
            index: 5,
            prize,
            scenario: &scenario,
            generator: generator::OLDEST - 1,
        };
        let checked = check(&unit, block.commitment(), Some(&seed));
        assert!(
            checked
                .lines
                .contains(&(Check::StreamDrawsTheScenario, Outcome::OtherGenerators))
        );
        assert!(!checked.holds());
    }
}
