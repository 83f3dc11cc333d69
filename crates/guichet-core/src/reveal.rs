//! Revealing a unit, step by step: which steps each game has, in which order they
//! may come, and when a unit is fully revealed.
//!
//! Every step a player takes is journaled by the store, so that an interrupted
//! unit reopens exactly where it was left. The zones of each game are named in
//! [`zones`]:
//! - Black Jack: the hands "Gain 1/2/3" and the bank's hidden card; any order
//!   (règlement 4.1).
//! - X10: the nine bundles of "Vos numéros" and the three diamonds of "Numéros
//!   gagnants"; any order (4.4).
//! - Bingo: the sphere's fifteen balls, drawn one click at a time and so in draw
//!   order, and the three "boules Bonus", in any order (4.4).
//! - Star Fortune: no zones, but for each of the two drops a puck to pick, then,
//!   if it fell in a BONUS case, "GO"; the second drop comes after the first.

use serde::{Deserialize, Serialize};

use crate::emission::Game;
use crate::scenario::Scenario;
use crate::scenario::bingo::{BONUS_BALLS, SPHERE_BALLS};
use crate::scenario::star_fortune::{Landing, PUCKS, StarFortuneScenario};

/// The zones of each game, by name: a screen asks for "the bank's hidden card",
/// never for zone 3.
pub mod zones {
    use super::RevealStep;
    use crate::scenario::bingo::{BONUS_BALLS, SPHERE_BALLS};

    const fn zone(zone: usize) -> RevealStep {
        RevealStep::Zone { zone: zone as u8 }
    }

    /// Black Jack: the hands "Gain 1", "Gain 2", "Gain 3".
    pub const BLACK_JACK_HANDS: [RevealStep; 3] = [zone(0), zone(1), zone(2)];
    /// Black Jack: the bank's hidden card.
    pub const BLACK_JACK_BANK_CARD: RevealStep = zone(3);
    /// X10: the nine bundles of "Vos numéros", in the scenario's order.
    pub const X10_BUNDLES: [RevealStep; 9] = {
        let mut bundles = [zone(0); 9];
        let mut position = 0;
        while position < 9 {
            bundles[position] = zone(position);
            position += 1;
        }
        bundles
    };
    /// X10: the three diamonds of "Numéros gagnants".
    pub const X10_DIAMONDS: [RevealStep; 3] = [zone(9), zone(10), zone(11)];
    /// Bingo: the sphere's balls, in draw order.
    pub const BINGO_BALLS: [RevealStep; SPHERE_BALLS] = {
        let mut balls = [zone(0); SPHERE_BALLS];
        let mut position = 0;
        while position < SPHERE_BALLS {
            balls[position] = zone(position);
            position += 1;
        }
        balls
    };
    /// Bingo: the three "boules Bonus".
    pub const BINGO_BONUS_BALLS: [RevealStep; BONUS_BALLS] = [
        zone(SPHERE_BALLS),
        zone(SPHERE_BALLS + 1),
        zone(SPHERE_BALLS + 2),
    ];
}

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
const fn zone_count(game: Game) -> usize {
    match game {
        Game::BlackJack => zones::BLACK_JACK_HANDS.len() + 1,
        Game::X10 => zones::X10_BUNDLES.len() + zones::X10_DIAMONDS.len(),
        Game::Bingo => SPHERE_BALLS + BONUS_BALLS,
        Game::StarFortune => 0,
    }
}

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
            revealed: vec![false; zone_count(scenario.game())],
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
                    && zone < SPHERE_BALLS
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
        self.revealed[..SPHERE_BALLS]
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

    /// Whether `step` is taken already.
    #[must_use]
    pub fn is_taken(&self, step: RevealStep) -> bool {
        match step {
            RevealStep::Zone { zone } => self.is_revealed(zone),
            RevealStep::Puck { drop, puck } => self.puck(usize::from(drop)) == Some(puck),
            RevealStep::Go { drop } => self.pressed_go(usize::from(drop)),
        }
    }

    /// Every step the player may take now, in a stable order: the zones, the
    /// pucks, then "GO".
    #[must_use]
    pub fn possible_steps(&self) -> Vec<RevealStep> {
        let zones = (0..self.revealed.len() as u8).map(|zone| RevealStep::Zone { zone });
        let pucks =
            (0..2).flat_map(|drop| (0..PUCKS).map(move |puck| RevealStep::Puck { drop, puck }));
        let go = (0..2).map(|drop| RevealStep::Go { drop });
        zones
            .chain(pucks)
            .chain(go)
            .filter(|&step| self.clone().apply(step).is_ok())
            .collect()
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
        let zone_order: Vec<RevealStep> = match self.game {
            Game::X10 => zones::X10_DIAMONDS
                .into_iter()
                .chain(zones::X10_BUNDLES)
                .collect(),
            _ => (0..self.revealed.len() as u8)
                .map(|zone| RevealStep::Zone { zone })
                .collect(),
        };
        let mut steps: Vec<RevealStep> = zone_order
            .into_iter()
            .filter(|&step| !self.is_taken(step))
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
        for step in [
            zones::BLACK_JACK_BANK_CARD,
            zones::BLACK_JACK_HANDS[1],
            zones::BLACK_JACK_HANDS[0],
        ] {
            progress.apply(step).expect("any order");
        }
        assert!(progress.apply(zones::BLACK_JACK_HANDS[1]).is_err(), "twice");
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
        assert_eq!(
            progress
                .apply(RevealStep::Go { drop: 0 })
                .expect_err("no GO")
                .reason,
            "no BONUS stage here"
        );
        assert!(!progress.is_complete());
        assert_eq!(progress.possible_steps(), vec![zones::BLACK_JACK_HANDS[2]]);
        progress
            .apply(zones::BLACK_JACK_HANDS[2])
            .expect("the last zone");
        assert!(progress.is_complete());
        assert!(progress.possible_steps().is_empty());
    }

    #[test]
    fn auto_reveals_x10s_winning_numbers_before_its_bundles() {
        let scenario = scenario(&crate::emission::X10, Some(2));
        let progress = Progress::new(&scenario);
        let order: Vec<_> = zones::X10_DIAMONDS
            .into_iter()
            .chain(zones::X10_BUNDLES)
            .collect();
        assert_eq!(progress.remaining_steps(&scenario), order);
    }

    #[test]
    fn bingo_balls_come_out_in_order() {
        let scenario = scenario(Emission::ALL[5], Some(2));
        let mut progress = Progress::new(&scenario);
        assert!(progress.apply(zones::BINGO_BALLS[1]).is_err());
        assert_eq!(
            progress.possible_steps(),
            [zones::BINGO_BALLS[0]]
                .into_iter()
                .chain(zones::BINGO_BONUS_BALLS)
                .collect::<Vec<_>>(),
            "the next ball, or any bonus ball"
        );
        progress
            .apply(zones::BINGO_BONUS_BALLS[1])
            .expect("a bonus ball any time");
        progress
            .apply(zones::BINGO_BALLS[0])
            .expect("the first ball");
        progress
            .apply(zones::BINGO_BALLS[1])
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
        assert_eq!(progress.puck(0), None);
        progress
            .apply(RevealStep::Puck { drop: 0, puck: 2 })
            .expect("the first puck");
        assert_eq!(progress.puck(0), Some(2));
        assert!(progress.is_taken(RevealStep::Puck { drop: 0, puck: 2 }));
        assert!(!progress.is_taken(RevealStep::Puck { drop: 0, puck: 1 }));
        assert!(!progress.is_untouched() && !progress.pressed_go(0));
        assert!(
            progress
                .apply(RevealStep::Puck { drop: 1, puck: 0 })
                .is_err(),
            "before GO"
        );
        progress.apply(RevealStep::Go { drop: 0 }).expect("GO");
        assert!(progress.pressed_go(0) && progress.is_taken(RevealStep::Go { drop: 0 }));
        assert!(!progress.is_complete(), "the second drop is still to come");
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
    fn star_fortune_refuses_pucks_and_drops_it_does_not_have() {
        let scenario = scenario(&crate::emission::STAR_FORTUNE_100, None);
        let mut progress = Progress::new(&scenario);
        let reason =
            |progress: &mut Progress, step| progress.apply(step).expect_err("refused").reason;
        for (step, refused) in [
            (
                RevealStep::Puck {
                    drop: 0,
                    puck: PUCKS,
                },
                "no such puck",
            ),
            (RevealStep::Puck { drop: 2, puck: 0 }, "no such puck"),
            (RevealStep::Go { drop: 2 }, "no BONUS stage here"),
            (
                RevealStep::Go { drop: 1 },
                "this drop is not in a BONUS case",
            ),
        ] {
            assert_eq!(reason(&mut progress, step), refused, "{step:?}");
        }
        assert!(progress.is_untouched());
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
