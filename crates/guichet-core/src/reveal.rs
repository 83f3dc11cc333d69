//! Revealing a unit, step by step: in which order its game's steps may come,
//! and when it is fully revealed ([`Progress`]).
//!
//! Every step a player takes is journaled by the store, so that an interrupted
//! unit reopens exactly where it was left.

use crate::games::Scenario;
use crate::scenario::DropFacts;
use crate::step::{MAX_DROPS, RevealStep, StepError, Steps};

/// How far a unit is revealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    steps: &'static Steps,
    revealed: Vec<bool>,
    pucks: [Option<u8>; MAX_DROPS],
    pressed_go: [bool; MAX_DROPS],
    /// Which drops fell into a BONUS case.
    bonus_drops: [bool; MAX_DROPS],
}

impl Progress {
    /// Nothing revealed yet of a unit showing `scenario`.
    #[must_use]
    pub fn new(scenario: &Scenario) -> Self {
        let steps = &scenario.game().rules().steps;
        let mut bonus_drops = [false; MAX_DROPS];
        for (bonus, drop) in bonus_drops.iter_mut().zip(scenario.rules().drops()) {
            *bonus = drop.bonus;
        }
        Self {
            steps,
            revealed: vec![false; usize::from(steps.zones)],
            pucks: [None; MAX_DROPS],
            pressed_go: [false; MAX_DROPS],
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
                if zone < self.ordered_zones() && zone != self.ordered_zones_revealed() {
                    return refuse("these zones come out in order");
                }
                self.revealed[zone] = true;
            }
            RevealStep::Puck { drop, puck } => {
                if drop >= self.steps.drops || puck >= self.steps.pucks {
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
                if drop >= self.steps.drops {
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

    /// How many of the first zones come out in order.
    fn ordered_zones(&self) -> usize {
        usize::from(self.steps.zones_in_order).min(self.revealed.len())
    }

    /// How many of the zones that come out in order are out.
    fn ordered_zones_revealed(&self) -> usize {
        self.revealed[..self.ordered_zones()]
            .iter()
            .filter(|&&revealed| revealed)
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
        let pucks = self.steps.pucks;
        let pucks = (0..self.steps.drops)
            .flat_map(|drop| (0..pucks).map(move |puck| RevealStep::Puck { drop, puck }));
        let go = (0..self.steps.drops).map(|drop| RevealStep::Go { drop });
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
        self.revealed.iter().all(|&revealed| revealed)
            && (0..usize::from(self.steps.drops)).all(|drop| self.drop_finished(drop))
    }

    /// The steps "Auto" takes from here to the end, in order: the zones in
    /// the game's order (the hands then the bank; the winning numbers then the
    /// bundles; the balls then the bonus balls), then each drop's automatic
    /// puck and its "GO".
    #[must_use]
    pub fn remaining_steps(&self, scenario: &Scenario) -> Vec<RevealStep> {
        let mut steps: Vec<RevealStep> = self
            .steps
            .auto_order
            .iter()
            .copied()
            .filter(|&step| !self.is_taken(step))
            .collect();
        let drops: Vec<DropFacts> = scenario.rules().drops();
        for (drop, facts) in (0_u8..self.steps.drops).zip(drops) {
            let index = usize::from(drop);
            if self.pucks[index].is_none() {
                steps.push(RevealStep::Puck {
                    drop,
                    puck: facts.automatic_puck,
                });
            }
            if self.bonus_drops[index] && !self.pressed_go[index] {
                steps.push(RevealStep::Go { drop });
            }
        }
        steps
    }

    /// `scenario` as the player has made it so far: with the pucks picked and
    /// their ways down (what a game of zones holds is shown as it is).
    #[must_use]
    pub fn shown(&self, scenario: &Scenario) -> Scenario {
        let mut shown = scenario.clone();
        for (drop, puck) in self.pucks.iter().enumerate() {
            if let Some(puck) = *puck {
                shown.rules_mut().pick_puck(drop, puck);
            }
        }
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emission::Emission;
    use crate::games::star_fortune::puck_path::Landing;
    use crate::games::star_fortune::scenario::PUCKS;
    use crate::games::{bingo, blackjack, star_fortune, x10};
    use crate::generator::generate;
    use crate::scenario::ScenarioRules as _;
    use rand::SeedableRng as _;
    use rand::rngs::ChaCha12Rng;

    fn scenario(emission: &Emission, prize_tier: Option<usize>) -> Scenario {
        let prize = prize_tier.map_or(crate::money::Cents::ZERO, |tier| emission.tiers[tier].prize);
        generate(emission, prize, &mut ChaCha12Rng::seed_from_u64(4)).expect("a prize")
    }

    #[test]
    fn automatic_steps_complete_every_game() {
        for emission in crate::games::emissions() {
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
        let scenario = scenario(&crate::games::blackjack::game::BLACK_JACK, Some(3));
        let mut progress = Progress::new(&scenario);
        for step in [
            blackjack::game::BANK_CARD,
            blackjack::game::HANDS[1],
            blackjack::game::HANDS[0],
        ] {
            progress.apply(step).expect("any order");
        }
        assert!(progress.apply(blackjack::game::HANDS[1]).is_err(), "twice");
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
        assert_eq!(progress.possible_steps(), vec![blackjack::game::HANDS[2]]);
        progress
            .apply(blackjack::game::HANDS[2])
            .expect("the last zone");
        assert!(progress.is_complete());
        assert!(progress.possible_steps().is_empty());
    }

    #[test]
    fn auto_reveals_x10s_winning_numbers_before_its_bundles() {
        let scenario = scenario(&x10::game::X10, Some(2));
        let progress = Progress::new(&scenario);
        let order: Vec<_> = x10::game::DIAMONDS
            .into_iter()
            .chain(x10::game::BUNDLES)
            .collect();
        assert_eq!(progress.remaining_steps(&scenario), order);
    }

    #[test]
    fn bingo_balls_come_out_in_order() {
        let scenario = scenario(&crate::games::bingo::game::BINGO, Some(2));
        let mut progress = Progress::new(&scenario);
        assert!(progress.apply(bingo::game::BALLS[1]).is_err());
        assert_eq!(
            progress.possible_steps(),
            [bingo::game::BALLS[0]]
                .into_iter()
                .chain(bingo::game::BONUS)
                .collect::<Vec<_>>(),
            "the next ball, or any bonus ball"
        );
        progress
            .apply(bingo::game::BONUS[1])
            .expect("a bonus ball any time");
        progress
            .apply(bingo::game::BALLS[0])
            .expect("the first ball");
        progress
            .apply(bingo::game::BALLS[1])
            .expect("the second ball");
    }

    #[test]
    fn star_fortune_drops_come_one_after_the_other() {
        let bonus_first = (0..200)
            .map(|seed| {
                let emission = &crate::games::star_fortune::game::STAR_FORTUNE_200;
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
        let scenario = scenario(&star_fortune::game::STAR_FORTUNE_100, None);
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
