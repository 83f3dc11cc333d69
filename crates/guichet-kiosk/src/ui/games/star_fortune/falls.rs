//! The falls shown on the table: each computed once by the core's physics from
//! the unit's stored way down, then kept while the unit is on the table — the
//! same samples a replay and the auditors' export draw, on the board and by
//! the physics the unit was sold with.

use std::cell::RefCell;
use std::sync::Arc;

use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::plinko::{Board, Trajectory, drop_trajectory};
use guichet_sale::Unit;

/// A fall's key: the unit, the drop, the puck picked.
type FallKey = (i64, usize, u8);

/// The falls computed so far, newest last.
#[derive(Debug, Default)]
pub struct Falls {
    known: RefCell<Vec<(FallKey, Arc<Trajectory>)>>,
}

/// Falls kept at most: the two drops of the unit on the table, and of the one
/// before.
const KEPT: usize = 4;

impl Falls {
    /// The fall of drop `drop` of `unit`, once its puck is picked.
    pub fn of(&self, unit: &Unit, drop: usize) -> Option<Arc<Trajectory>> {
        let key = (unit.id, drop, unit.progress.puck(drop)?);
        if let Some((_, fall)) = self.known.borrow().iter().find(|(known, _)| *known == key) {
            return Some(Arc::clone(fall));
        }
        let Scenario::StarFortune(shown) = unit.shown_scenario() else {
            return None;
        };
        let fall = Arc::new(drop_trajectory(
            &Board::of(unit.emission, shown.physics),
            shown.drops.get(drop)?,
        )?);
        let mut known = self.known.borrow_mut();
        if known.len() == KEPT {
            known.remove(0);
        }
        known.push((key, Arc::clone(&fall)));
        Some(fall)
    }
}
