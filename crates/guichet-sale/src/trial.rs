//! Play for free ("Essayer", and the stakeholders' `--demo`): a point of sale
//! of play money, held in memory alone. Its units come from demonstration
//! blocks of its own — the emissions' own tables, opened under seeds drawn
//! for the trial, each with its own commitment — sold in order as a real
//! block sells, so a trial's prizes fall as a paid player's do. Nothing of
//! it is ever written: no unit of a real block, no ledger entry, nothing in
//! the meters; it is gone when the trial ends.

use guichet_core::block::{Block, Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::generator::unit_scenario;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use jiff::Timestamp;

use crate::error::StoreError;
use crate::point_of_sale::PointOfSale;
use crate::protection::{Limit, Protection};
use crate::published::{BlockFacts, BlockStatus, PublishedBlock};
use crate::time::stamp;
use crate::unit::{Settlement, Unit, UnitState};

/// The play money a trial starts with, and what each top-up adds.
pub const TRIAL_CREDIT: Cents = Cents::euros(20);

/// The most play money a trial holds: top-ups stop there.
pub const TRIAL_CEILING: Cents = Cents::euros(200);

/// A demonstration block being sold: the block, the next unit to sell and
/// when it opened (its commitment's time).
struct Selling {
    block: Block,
    next: u32,
    opened_at: String,
}

/// One movement of play money.
#[derive(Clone, Copy)]
enum Movement {
    /// Play money given ("Essayer", a top-up).
    Credit(Cents),
    /// A unit's stake.
    Stake(Cents),
    /// A unit's prize.
    Prize(Cents),
}

impl Movement {
    const fn amount(self) -> i64 {
        match self {
            Self::Credit(amount) | Self::Prize(amount) => amount.get(),
            Self::Stake(amount) => -amount.get(),
        }
    }
}

/// A trial's point of sale: play money and demonstration blocks, in memory.
/// Its units' numbers are negative, so that none is ever taken for a unit
/// of a real engine.
pub struct Trial {
    selling: Vec<Selling>,
    units: Vec<Unit>,
    movements: Vec<Movement>,
}

impl Default for Trial {
    fn default() -> Self {
        Self::new()
    }
}

impl Trial {
    /// A trial holding [`TRIAL_CREDIT`] of play money; its blocks open at
    /// its first purchase of each emission.
    #[must_use]
    pub fn new() -> Self {
        Self {
            selling: Vec::new(),
            units: Vec::new(),
            movements: vec![Movement::Credit(TRIAL_CREDIT)],
        }
    }

    /// Adds [`TRIAL_CREDIT`] of play money, up to [`TRIAL_CEILING`]; returns
    /// what was added.
    pub fn top_up(&mut self) -> Cents {
        let room = (TRIAL_CEILING.get() - self.play_money().get()).max(0);
        let added = Cents(TRIAL_CREDIT.get().min(room));
        if added.is_positive() {
            self.movements.push(Movement::Credit(added));
        }
        added
    }

    /// The commitment of the demonstration block of `emission` being sold,
    /// and its number, once the trial sold from it.
    #[must_use]
    pub fn commitment(&self, emission: &'static Emission) -> Option<(u32, Commitment)> {
        self.selling_of(emission)
            .map(|selling| (selling.block.number(), selling.block.commitment()))
    }

    fn selling_of(&self, emission: &'static Emission) -> Option<&Selling> {
        self.selling
            .iter()
            .find(|selling| selling.block.emission() == emission)
    }

    fn play_money(&self) -> Cents {
        Cents(
            self.movements
                .iter()
                .map(|movement| movement.amount())
                .sum(),
        )
    }

    fn unit_mut(&mut self, unit: i64) -> Result<&mut Unit, StoreError> {
        self.units
            .iter_mut()
            .find(|held| held.id == unit)
            .ok_or(StoreError::NoSuchUnit(unit))
    }

    /// The next unit of `emission`'s demonstration block, a new block (under
    /// a new seed) once the last is sold out.
    fn next_unit(&mut self, emission: &'static Emission) -> Result<(u32, u32), StoreError> {
        let found = self
            .selling
            .iter()
            .position(|selling| selling.block.emission() == emission);
        let position = if let Some(position) = found {
            position
        } else {
            self.selling.push(Selling {
                block: Self::new_block(emission, 1)?,
                next: 0,
                opened_at: stamp(Timestamp::now()),
            });
            self.selling.len() - 1
        };
        let selling = &mut self.selling[position];
        if selling.next >= selling.block.size() {
            selling.block = Self::new_block(emission, selling.block.number() + 1)?;
            selling.next = 0;
            selling.opened_at = stamp(Timestamp::now());
        }
        let (number, index) = (selling.block.number(), selling.next);
        selling.next += 1;
        Ok((number, index))
    }

    /// Demonstration block `number` of `emission`, under a seed of its own.
    fn new_block(emission: &'static Emission, number: u32) -> Result<Block, StoreError> {
        let seed = Seed::generate().map_err(|error| StoreError::Entropy(error.to_string()))?;
        Ok(Block::open(emission, number, &seed))
    }
}

impl PointOfSale for Trial {
    fn balance(&mut self) -> Result<Cents, StoreError> {
        Ok(self.play_money())
    }

    fn buy(&mut self, emission: &'static Emission) -> Result<Unit, StoreError> {
        if let Some(unit) = self
            .units
            .iter()
            .find(|unit| unit.state != UnitState::Settled)
        {
            return Err(StoreError::UnitUnfinished(unit.id));
        }
        let balance = self.play_money();
        if balance < emission.stake {
            return Err(StoreError::InsufficientFunds {
                balance,
                stake: emission.stake,
            });
        }
        let (block, index) = self.next_unit(emission)?;
        let selling = self.selling_of(emission).expect("its block is being sold");
        let (prize, scenario) = unit_scenario(&selling.block, index);
        let id = -i64::try_from(self.units.len() + 1).unwrap_or(i64::MAX);
        let unit = Unit::sold(
            id,
            (emission, block, index),
            (prize, scenario),
            stamp(Timestamp::now()),
        );
        self.movements.push(Movement::Stake(emission.stake));
        self.units.push(unit.clone());
        Ok(unit)
    }

    fn take_up(&mut self, unit: i64) -> Result<Unit, StoreError> {
        self.unit(unit)
    }

    fn reveal(&mut self, unit: i64, steps: &[RevealStep]) -> Result<Unit, StoreError> {
        let held = self.unit_mut(unit)?;
        if held.state == UnitState::Settled {
            return Err(StoreError::AlreadySettled(unit));
        }
        // All or none, as the engines journal them.
        let mut progress = held.progress.clone();
        for &step in steps {
            progress
                .apply(step)
                .map_err(|source| StoreError::Step { unit, source })?;
        }
        held.progress = progress;
        held.steps.extend_from_slice(steps);
        if !steps.is_empty() {
            held.state = UnitState::Revealing;
        }
        Ok(held.clone())
    }

    fn settle(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        let held = self.unit_mut(unit)?;
        if held.state == UnitState::Settled {
            return Ok(Settlement {
                unit: held.clone(),
                credited: false,
            });
        }
        if !held.progress.is_complete() {
            return Err(StoreError::NotFinished(unit));
        }
        held.state = UnitState::Settled;
        held.settled_at = Some(stamp(Timestamp::now()));
        let settled = held.clone();
        if settled.prize.is_positive() {
            self.movements.push(Movement::Prize(settled.prize));
        }
        Ok(Settlement {
            unit: settled,
            credited: true,
        })
    }

    fn unit(&mut self, unit: i64) -> Result<Unit, StoreError> {
        self.unit_mut(unit).map(|held| held.clone())
    }

    /// A demonstration block sells while the trial lasts: its commitment,
    /// never its seed (it would tell the trial's next prizes).
    fn published_block(
        &mut self,
        emission: &'static Emission,
        number: u32,
    ) -> Result<PublishedBlock, StoreError> {
        self.selling
            .iter()
            .find(|selling| {
                selling.block.emission() == emission && selling.block.number() == number
            })
            .map(|selling| PublishedBlock {
                commitment: selling.block.commitment(),
                committed_at: selling.opened_at.clone(),
                sold: selling.next,
                size: selling.block.size(),
                closed_at: None,
                seed: None,
            })
            .ok_or_else(|| StoreError::Inconsistent {
                path: "the trial".into(),
                detail: format!("its block {number} of {emission} is sold out"),
            })
    }

    /// The demonstration block selling, its lots won not published.
    fn block_status(
        &mut self,
        emission: &'static Emission,
    ) -> Result<Option<BlockStatus>, StoreError> {
        Ok(self
            .selling
            .iter()
            .find(|selling| selling.block.emission() == emission)
            .map(|selling| BlockStatus {
                selling: BlockFacts {
                    number: selling.block.number(),
                    commitment: selling.block.commitment(),
                    committed_at: selling.opened_at.clone(),
                },
                sold: selling.next,
                settled: None,
                size: selling.block.size(),
                remaining_lots: None,
                next: None,
            }))
    }

    fn unfinished_units(&mut self) -> Result<Vec<Unit>, StoreError> {
        Ok(self
            .units
            .iter()
            .filter(|unit| unit.state != UnitState::Settled)
            .cloned()
            .collect())
    }

    fn recent_units(&mut self, limit: u32) -> Result<Vec<Unit>, StoreError> {
        Ok(self
            .units
            .iter()
            .rev()
            .take(limit as usize)
            .cloned()
            .collect())
    }

    fn ledger_mark(&mut self) -> Result<i64, StoreError> {
        Ok(i64::try_from(self.movements.len()).unwrap_or(i64::MAX))
    }

    fn net_since(&mut self, after: i64) -> Result<Cents, StoreError> {
        let after = usize::try_from(after).unwrap_or(0);
        Ok(Cents(
            self.movements
                .iter()
                .skip(after)
                .filter(|movement| !matches!(movement, Movement::Credit(_)))
                .map(|movement| movement.amount())
                .sum(),
        ))
    }

    /// A trial plays no money: it asks no age, counts against no limit and
    /// knows of no break.
    fn protection(&mut self) -> Result<Protection, StoreError> {
        let none = Limit {
            current: None,
            pending: None,
            used: Cents::ZERO,
        };
        Ok(Protection {
            adult: None,
            deposit: none.clone(),
            stake: none,
            excluded_until: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use guichet_core::games::emissions;
    use proptest::prelude::*;

    use super::*;

    /// A trial selling `emission` from block 1 under `seed`, as if it had
    /// drawn that seed itself.
    fn trial_under(emission: &'static Emission, seed: [u8; 32]) -> Trial {
        let mut trial = Trial::new();
        trial.selling.push(Selling {
            block: Block::open(emission, 1, &Seed::from_bytes(seed)),
            next: 0,
            opened_at: stamp(Timestamp::now()),
        });
        trial
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Over many seeds, every emission: a trial sells its block's units
        /// in order, each with the prize the block gives it, what its screen
        /// shows evaluates to that prize, and the play money moves by its
        /// stakes and prizes alone.
        #[test]
        fn a_trial_sells_its_block_in_order_as_a_paid_block_sells(
            seed in any::<[u8; 32]>(),
            which in 0..emissions().count(),
            units in 1_u32..12,
        ) {
            let emission = emissions().nth(which).expect("an emission");
            let block = Block::open(emission, 1, &Seed::from_bytes(seed));
            let mut trial = trial_under(emission, seed);
            let mut expected = TRIAL_CREDIT.get();
            for index in 0..units {
                if trial.balance()? < emission.stake {
                    trial.top_up();
                    expected += TRIAL_CREDIT.get();
                }
                let unit = trial.buy(emission)?;
                prop_assert_eq!((unit.block, unit.index), (1, index));
                prop_assert_eq!(unit.prize, block.prize_of_unit(index));
                prop_assert_eq!(unit.scenario.prize(), unit.prize);
                let settled = trial.finish(unit.id)?;
                prop_assert!(settled.credited);
                prop_assert_eq!(settled.unit.shown_scenario().prize(), unit.prize);
                expected += unit.prize.get() - emission.stake.get();
                prop_assert_eq!(trial.balance()?, Cents(expected));
            }
            let stakes_and_prizes = trial.net_since(0)?;
            prop_assert_eq!(
                stakes_and_prizes.get(),
                expected - trial.movements.iter().filter_map(|movement| match movement {
                    Movement::Credit(amount) => Some(amount.get()),
                    Movement::Stake(_) | Movement::Prize(_) => None,
                }).sum::<i64>()
            );
        }
    }

    #[test]
    fn a_sold_out_block_gives_way_to_a_new_one_under_a_seed_of_its_own() {
        let emission = emissions().next().expect("an emission");
        let mut trial = trial_under(emission, [7; 32]);
        let (_, first) = trial.commitment(emission).expect("a commitment");
        trial.selling[0].next = emission.block_size;
        let unit = trial.buy(emission).expect("a unit");
        assert_eq!((unit.block, unit.index), (2, 0));
        let (number, second) = trial.commitment(emission).expect("a commitment");
        assert_eq!(number, 2);
        assert_ne!(first, second);
        // Never a real block's: the real one under the same seed commits
        // to block 1, not to this one's seed.
        assert_ne!(
            Block::commitment_of(emission, 2, &Seed::from_bytes([7; 32])),
            second
        );
    }

    #[test]
    fn two_trials_draw_seeds_of_their_own() {
        let emission = emissions().next().expect("an emission");
        let mut commitments = Vec::new();
        for _ in 0..2 {
            let mut trial = Trial::new();
            trial.buy(emission).expect("a unit");
            commitments.push(trial.commitment(emission).expect("a commitment").1);
        }
        assert_ne!(commitments[0], commitments[1]);
    }

    #[test]
    fn one_unit_at_a_time_steps_all_or_none_and_a_settlement_credits_once() {
        let emission = emissions().next().expect("an emission");
        let mut trial = trial_under(emission, [3; 32]);
        let unit = trial.buy(emission).expect("a unit");
        assert!(unit.id < 0, "numbered apart from any engine's units");
        assert!(matches!(
            trial.buy(emission),
            Err(StoreError::UnitUnfinished(id)) if id == unit.id
        ));
        assert!(matches!(
            trial.settle(unit.id),
            Err(StoreError::NotFinished(_))
        ));
        let steps = unit.progress.remaining_steps(&unit.scenario);
        let mut wrong = steps.clone();
        wrong.push(steps[0]);
        assert!(matches!(
            trial.reveal(unit.id, &wrong),
            Err(StoreError::Step { .. })
        ));
        assert!(trial.unit(unit.id).expect("the unit").steps.is_empty());
        let before = trial.balance().expect("a balance");
        let first = trial.finish(unit.id).expect("settled");
        let again = trial.settle(unit.id).expect("settled");
        assert!(first.credited && !again.credited);
        assert_eq!(
            trial.balance().expect("a balance"),
            Cents(before.get() + unit.prize.get())
        );
        assert!(matches!(trial.unit(1), Err(StoreError::NoSuchUnit(1))));
    }

    #[test]
    fn play_money_stops_at_its_ceiling_and_a_stake_needs_it() {
        let mut trial = Trial::new();
        while trial.top_up().is_positive() {}
        assert_eq!(trial.balance().expect("a balance"), TRIAL_CEILING);
        let expensive = emissions()
            .max_by_key(|emission| emission.stake)
            .expect("an emission");
        let mut poor = Trial {
            movements: vec![Movement::Credit(Cents(expensive.stake.get() - 1))],
            ..Trial::new()
        };
        assert!(matches!(
            poor.buy(expensive),
            Err(StoreError::InsufficientFunds { .. })
        ));
        assert!(poor.units.is_empty());
    }
}
