//! Revealing a unit, step by step: which steps each game has, in which order they
//! may come, and when a unit is fully revealed.
//!
//! Every step a player takes is journaled by the store, so that an interrupted
//! unit reopens exactly where it was left. The zones of each game:
//! - Black Jack: 0, 1, 2 are the hands "Gain 1/2/3", 3 the bank's hidden card; any
//!   order (règlement 4.1).
//! - X10: 0..=8 the bundles of "Vos numéros", 9..=11 the diamonds of "Numéros
//!   gagnants"; any order (4.4).
//! - Bingo: 0..=14 the sphere's balls, drawn one click at a time and so in draw
//!   order; 15..=17 the "boules Bonus", in any order (4.4).
//! - Star Fortune: no zones, but for each of the two drops a puck to pick, then,
//!   if it fell in a BONUS case, "GO"; the second drop comes after the first.

use serde::{Deserialize, Serialize};

use crate::emission::Game;
use crate::scenario::Scenario;
use crate::scenario::star_fortune::{Landing, PUCKS, StarFortuneScenario};

/// One thing the player does to reveal a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum RevealStep {
    /// Reveal zone `zone` (its meaning depends on the game).
    Zone {
        /// The zone.
        zone: u8,
    },
    /// Star Fortune: pick puck `puck` (0 to 2) for drop `drop` (0 or 1).
    Puck {
        /// The drop.
        drop: u8,
        /// The puck.
        puck: u8,
    },
    /// Star Fortune: press "GO" in the BONUS case drop `drop` fell into.
    Go {
        /// The drop.
        drop: u8,
    },
}

/// A step that does not fit the unit where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("step {step:?} is not possible now: {reason}")]
pub struct StepError {
    /// The step refused.
    pub step: RevealStep,
    /// Why.
    pub reason: &'static str,
}

/// Zones of each game that have them.
const fn zones(game: Game) -> usize {
    match game {
        Game::BlackJack => 4,
        Game::X10 => 12,
        Game::Bingo => 18,
        Game::StarFortune => 0,
    }
}

/// Bingo's sphere balls, revealed in draw order.
const BINGO_SPHERE_ZONES: usize = 15;

/// How far a unit is revealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    game: Game,
    revealed: Vec<bool>,
    pucks: [Option<u8>; 2],
    pressed_go: [bool; 2],
    /// Which Star Fortune drops fell into a BONUS case.
    bonus_drops: [bool; 2],
}

impl Progress {
    /// Nothing revealed yet of a unit showing `scenario`.
    #[must_use]
    pub fn new(scenario: &Scenario) -> Self {
        let bonus_drops = match scenario {
            Scenario::StarFortune(star) => star
                .drops
                .each_ref()
                .map(|drop| matches!(drop.landing, Landing::Bonus { .. })),
            _ => [false; 2],
        };
        Self {
            game: scenario.game(),
            revealed: vec![false; zones(scenario.game())],
            pucks: [None; 2],
            pressed_go: [false; 2],
            bonus_drops,
        }
    }

    /// The progress after `steps`, replayed from nothing.
    ///
    /// # Errors
    /// The first step that does not fit.
    pub fn replay(scenario: &Scenario, steps: &[RevealStep]) -> Result<Self, StepError> {
        let mut progress = Self::new(scenario);
        for &step in steps {
            progress.apply(step)?;
        }
        Ok(progress)
    }

    /// Takes one step.
    ///
    /// # Errors
    /// [`StepError`] when the step is not one of this game's, is already taken,
    /// or comes out of order; the progress is then unchanged.
    pub fn apply(&mut self, step: RevealStep) -> Result<(), StepError> {
        let refuse = |reason| Err(StepError { step, reason });
        match step {
            RevealStep::Zone { zone } => {
                let zone = usize::from(zone);
                match self.revealed.get(zone) {
                    None => return refuse("no such zone in this game"),
                    Some(true) => return refuse("this zone is already revealed"),
                    Some(false) => {}
                }
                if self.game == Game::Bingo
                    && zone < BINGO_SPHERE_ZONES
                    && zone != self.sphere_balls_drawn()
                {
                    return refuse("the sphere's balls come out in order");
                }
                self.revealed[zone] = true;
            }
            RevealStep::Puck { drop, puck } => {
                if self.game != Game::StarFortune || drop > 1 || puck >= PUCKS {
                    return refuse("no such puck");
                }
                let drop = usize::from(drop);
                if self.pucks[drop].is_some() {
                    return refuse("this drop's puck is already picked");
                }
                if drop == 1 && !self.drop_finished(0) {
                    return refuse("the first drop is not finished");
                }
                self.pucks[drop] = Some(puck);
            }
            RevealStep::Go { drop } => {
                if self.game != Game::StarFortune || drop > 1 {
                    return refuse("no BONUS stage here");
                }
                let drop = usize::from(drop);
                if !self.bonus_drops[drop] || self.pucks[drop].is_none() {
                    return refuse("this drop is not in a BONUS case");
                }
                if self.pressed_go[drop] {
                    return refuse("GO is already pressed");
                }
                self.pressed_go[drop] = true;
            }
        }
        Ok(())
    }

    fn sphere_balls_drawn(&self) -> usize {
        self.revealed[..BINGO_SPHERE_ZONES]
            .iter()
            .filter(|&&drawn| drawn)
            .count()
    }

    fn drop_finished(&self, drop: usize) -> bool {
        self.pucks[drop].is_some() && (!self.bonus_drops[drop] || self.pressed_go[drop])
    }

    /// Whether zone `zone` is revealed.
    #[must_use]
    pub fn is_revealed(&self, zone: u8) -> bool {
        self.revealed
            .get(usize::from(zone))
            .copied()
            .unwrap_or(false)
    }

    /// The puck picked for drop `drop`, if any.
    #[must_use]
    pub fn puck(&self, drop: usize) -> Option<u8> {
        self.pucks.get(drop).copied().flatten()
    }

    /// Whether "GO" was pressed for drop `drop`.
    #[must_use]
    pub fn pressed_go(&self, drop: usize) -> bool {
        self.pressed_go.get(drop).copied().unwrap_or(false)
    }

    /// Whether nothing is revealed yet.
    #[must_use]
    pub fn is_untouched(&self) -> bool {
        !self.revealed.contains(&true) && self.pucks == [None; 2]
    }

    /// Whether the whole unit is revealed.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        match self.game {
            Game::StarFortune => self.drop_finished(0) && self.drop_finished(1),
            _ => self.revealed.iter().all(|&revealed| revealed),
        }
    }

    /// The steps "Auto" takes from here to the end, in order: the hands then the
    /// bank; the winning numbers then the bundles; the balls then the bonus balls;
    /// for Star Fortune the automatic player's pucks and "GO".
    #[must_use]
    pub fn remaining_steps(&self, scenario: &Scenario) -> Vec<RevealStep> {
        let zone_order: Vec<u8> = match self.game {
            Game::X10 => (9..12).chain(0..9).collect(),
            _ => (0..self.revealed.len() as u8).collect(),
        };
        let mut steps: Vec<RevealStep> = zone_order
            .into_iter()
            .filter(|&zone| !self.is_revealed(zone))
            .map(|zone| RevealStep::Zone { zone })
            .collect();
        if let Scenario::StarFortune(star) = scenario {
            for (drop, automatic) in (0_u8..).zip(star.automatic_pucks()) {
                let index = usize::from(drop);
                if self.pucks[index].is_none() {
                    steps.push(RevealStep::Puck {
                        drop,
                        puck: automatic,
                    });
                }
                if self.bonus_drops[index] && !self.pressed_go[index] {
                    steps.push(RevealStep::Go { drop });
                }
            }
        }
        steps
    }

    /// `scenario` as the player has made it so far: for Star Fortune, with the
    /// pucks picked and their ways down; the other games show what they hold.
    #[must_use]
    pub fn shown(&self, scenario: &Scenario) -> Scenario {
        let mut shown = scenario.clone();
        if let Scenario::StarFortune(star) = &mut shown {
            self.pick_pucks(star);
        }
        shown
    }

    fn pick_pucks(&self, star: &mut StarFortuneScenario) {
        for (drop, puck) in self.pucks.iter().enumerate() {
            if let Some(puck) = *puck {
                star.pick_puck(drop, puck);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emission::Emission;
    use crate::generator::generate;
    use rand::SeedableRng as _;
    use rand::rngs::ChaCha12Rng;

    fn scenario(emission: &Emission, prize_tier: Option<usize>) -> Scenario {
        let prize = prize_tier.map_or(crate::money::Cents::ZERO, |tier| emission.tiers[tier].prize);
        generate(emission, prize, &mut ChaCha12Rng::seed_from_u64(4)).expect("a prize")
    }

    #[test]
    fn automatic_steps_complete_every_game() {
        for emission in Emission::ALL {
            for tier in [None, Some(0), Some(emission.tiers.len() - 1)] {
                let scenario = scenario(emission, tier);
                let mut progress = Progress::new(&scenario);
                assert!(progress.is_untouched() && !progress.is_complete());
                for step in progress.remaining_steps(&scenario) {
                    progress.apply(step).expect("an automatic step fits");
                }
                assert!(progress.is_complete(), "{emission}");
                assert!(progress.remaining_steps(&scenario).is_empty());
            }
        }
    }

    #[test]
    fn black_jack_zones_come_in_any_order_once() {
        let scenario = scenario(Emission::ALL[0], Some(3));
        let mut progress = Progress::new(&scenario);
        for zone in [3, 1, 0] {
            progress
                .apply(RevealStep::Zone { zone })
                .expect("any order");
        }
        assert!(
            progress.apply(RevealStep::Zone { zone: 1 }).is_err(),
            "twice"
        );
        assert!(
            progress.apply(RevealStep::Zone { zone: 4 }).is_err(),
            "no fifth zone"
        );
        assert!(
            progress
                .apply(RevealStep::Puck { drop: 0, puck: 0 })
                .is_err(),
            "no pucks"
        );
        assert!(!progress.is_complete());
        progress
            .apply(RevealStep::Zone { zone: 2 })
            .expect("the last zone");
        assert!(progress.is_complete());
    }

    #[test]
    fn bingo_balls_come_out_in_order() {
        let scenario = scenario(Emission::ALL[5], Some(2));
        let mut progress = Progress::new(&scenario);
        assert!(progress.apply(RevealStep::Zone { zone: 1 }).is_err());
        progress
            .apply(RevealStep::Zone { zone: 16 })
            .expect("a bonus ball any time");
        progress
            .apply(RevealStep::Zone { zone: 0 })
            .expect("the first ball");
        progress
            .apply(RevealStep::Zone { zone: 1 })
            .expect("the second ball");
    }

    #[test]
    fn star_fortune_drops_come_one_after_the_other() {
        let bonus_first = (0..200)
            .map(|seed| {
                let emission = Emission::ALL[4];
                generate(emission, emission.tiers[0].prize, &mut ChaCha12Rng::seed_from_u64(seed)).expect("a prize")
            })
            .find(|scenario| matches!(scenario, Scenario::StarFortune(star) if matches!(star.drops[0].landing, Landing::Bonus { .. })))
            .expect("a unit whose first drop is a BONUS");
        let mut progress = Progress::new(&bonus_first);
        assert!(
            progress.apply(RevealStep::Go { drop: 0 }).is_err(),
            "GO before the puck"
        );
        progress
            .apply(RevealStep::Puck { drop: 0, puck: 2 })
            .expect("the first puck");
        assert!(
            progress
                .apply(RevealStep::Puck { drop: 1, puck: 0 })
                .is_err(),
            "before GO"
        );
        progress.apply(RevealStep::Go { drop: 0 }).expect("GO");
        progress
            .apply(RevealStep::Puck { drop: 1, puck: 0 })
            .expect("the second puck");
        let Scenario::StarFortune(shown) = progress.shown(&bonus_first) else {
            unreachable!()
        };
        assert_eq!(shown.drops[0].puck, Some(2));
        assert!(shown.drops[0].path.is_some());
        assert_eq!(shown.prize(), bonus_first.prize());
    }

    #[test]
    fn steps_serialize_as_tagged_objects() {
        let step = RevealStep::Puck { drop: 1, puck: 2 };
        let json = serde_json::to_string(&step).expect("json");
        assert_eq!(json, r#"{"step":"puck","drop":1,"puck":2}"#);
        assert_eq!(
            serde_json::from_str::<RevealStep>(&json).expect("back"),
            step
        );
    }
}
