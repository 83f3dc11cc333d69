//! The geometry of the Star Fortune board and the pucks' ways down through it.
//!
//! The board is a lattice of pegs: a puck at row `r` sits at an integer position
//! `0..=16` and each peg sends it one position left or right on the next row. The
//! three pucks start at positions 4, 8 and 12; the two BONUS cases catch whatever
//! reaches positions 4 and 12 at row 8; place `i` of the prize row is position
//! `2i` at row 16. A way down is drawn *after* the player picks a puck, uniformly
//! among the legal ways from that puck to the landing the unit already holds, so
//! any puck lands where the unit says (règlement, 4.5).

use rand::rngs::ChaCha12Rng;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};

use crate::money::Cents;

/// Where a puck ends its fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Landing {
    /// On a prize place of the row (4.3.1): it pays the place's amount.
    Slot {
        /// The place, 0 for the leftmost.
        slot: u8,
    },
    /// In a BONUS case (4.3.2): "GO" reveals the amount it pays.
    Bonus {
        /// The case, 0 (left) or 1 (right).
        bonus: u8,
        /// What "GO" reveals.
        bonus_cents: Cents,
    },
}

/// Rows of pegs between the slots and the prize row.
pub const ROWS: usize = 16;
/// The highest position on a row (the lowest is 0).
pub const LAST_POSITION: u8 = 16;
/// Where each of the three pucks starts.
pub const PUCK_STARTS: [u8; 3] = [4, 8, 12];
/// The row of the two BONUS cases.
pub const BONUS_ROW: usize = 8;
/// Where on [`BONUS_ROW`] each BONUS case sits.
pub const BONUS_POSITIONS: [u8; 2] = [4, 12];

/// The position of prize place `slot` on the last row.
#[must_use]
pub const fn slot_position(slot: u8) -> u8 {
    slot * 2
}

/// A puck's way down: its position on each row, from its start (row 0) to its
/// landing (row 16 for a prize place, row 8 for a BONUS case).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PuckPath(pub Vec<u8>);

/// The row and position a landing is reached at.
fn end_of(landing: Landing) -> (usize, u8) {
    match landing {
        Landing::Slot { slot } => (ROWS, slot_position(slot)),
        Landing::Bonus { bonus, .. } => (BONUS_ROW, BONUS_POSITIONS[usize::from(bonus.min(1))]),
    }
}

/// Whether a puck bound for `landing` may pass `position` on `row`: one bound for
/// the prize row must not meet a BONUS case on its way.
fn passable(row: usize, position: u8, landing: Landing) -> bool {
    !(row == BONUS_ROW
        && matches!(landing, Landing::Slot { .. })
        && BONUS_POSITIONS.contains(&position))
}

impl PuckPath {
    /// Draws the way down of puck `puck` on drop `drop` to `landing`, uniformly
    /// among the legal ways. The same seed, drop and puck always give the same way.
    ///
    /// # Panics
    /// If `puck` is not 0, 1 or 2.
    #[must_use]
    pub fn draw(path_seed: u64, drop: u8, puck: u8, landing: Landing) -> Self {
        let (end_row, end_position) = end_of(landing);
        // ways[row][position]: the legal ways from there to the landing.
        let mut ways = vec![[0_u64; LAST_POSITION as usize + 1]; end_row + 1];
        ways[end_row][usize::from(end_position)] = 1;
        for row in (0..end_row).rev() {
            for position in 0..=LAST_POSITION {
                ways[row][usize::from(position)] = Self::next_positions(position)
                    .filter(|&next| passable(row + 1, next, landing))
                    .map(|next| ways[row + 1][usize::from(next)])
                    .sum();
            }
        }
        let mut rng = ChaCha12Rng::seed_from_u64(path_seed);
        rng.set_stream(u64::from(drop) * 3 + u64::from(puck));
        let mut position = PUCK_STARTS[usize::from(puck)];
        let mut positions = vec![position];
        for (row, ways_below) in ways.iter().enumerate().skip(1) {
            let choices: Vec<(u8, u64)> = Self::next_positions(position)
                .filter(|&next| passable(row, next, landing))
                .map(|next| (next, ways_below[usize::from(next)]))
                .collect();
            let total: u64 = choices.iter().map(|&(_, count)| count).sum();
            let mut point = rng.random_range(0..total);
            for (next, count) in choices {
                if point < count {
                    position = next;
                    break;
                }
                point -= count;
            }
            positions.push(position);
        }
        Self(positions)
    }

    /// The positions a peg can send a puck at `position` to.
    fn next_positions(position: u8) -> impl Iterator<Item = u8> {
        [
            position.checked_sub(1),
            position
                .checked_add(1)
                .filter(|&next| next <= LAST_POSITION),
        ]
        .into_iter()
        .flatten()
    }

    /// Whether this is a legal way down for puck `puck` to `landing`: it starts
    /// above the puck's slot, moves one position per row inside the board, meets
    /// no BONUS case unless bound for one, and ends on its landing.
    #[must_use]
    pub fn is_legal(&self, puck: u8, landing: Landing) -> bool {
        let (end_row, end_position) = end_of(landing);
        let positions = &self.0;
        positions.len() == end_row + 1
            && PUCK_STARTS.get(usize::from(puck)) == positions.first()
            && positions.last() == Some(&end_position)
            && positions.iter().all(|&position| position <= LAST_POSITION)
            && positions
                .windows(2)
                .all(|step| step[0].abs_diff(step[1]) == 1)
            && positions
                .iter()
                .enumerate()
                .all(|(row, &position)| passable(row, position, landing))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Cents;

    fn landings() -> Vec<Landing> {
        let mut landings: Vec<Landing> = (0..9).map(|slot| Landing::Slot { slot }).collect();
        landings.extend((0..2).map(|bonus| Landing::Bonus {
            bonus,
            bonus_cents: Cents(100),
        }));
        landings
    }

    #[test]
    fn every_puck_reaches_every_landing_legally() {
        for landing in landings() {
            for puck in 0..3 {
                for seed in 0..50 {
                    let path = PuckPath::draw(seed, 1, puck, landing);
                    assert!(
                        path.is_legal(puck, landing),
                        "{landing:?} puck {puck}: {path:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_same_choice_gives_the_same_way() {
        let landing = Landing::Slot { slot: 3 };
        assert_eq!(
            PuckPath::draw(9, 0, 1, landing),
            PuckPath::draw(9, 0, 1, landing)
        );
        let others = (0..20).filter(|&seed| {
            PuckPath::draw(seed, 0, 1, landing) != PuckPath::draw(9, 0, 1, landing)
        });
        assert!(others.count() > 10);
    }

    #[test]
    fn each_drop_and_puck_draws_from_a_stream_of_its_own() {
        // The middle puck to the middle place: many ways, so two streams
        // rarely give the same one.
        let landing = Landing::Slot { slot: 4 };
        let same = (0..20)
            .filter(|&seed| {
                PuckPath::draw(seed, 0, 1, landing) == PuckPath::draw(seed, 1, 1, landing)
            })
            .count();
        assert!(same < 5, "{same} of 20 seeds draw one way for both drops");
    }

    #[test]
    fn illegal_ways_are_refused() {
        let landing = Landing::Slot { slot: 0 };
        let mut path = PuckPath::draw(1, 0, 0, landing);
        assert!(!path.is_legal(1, landing), "starts above another puck");
        path.0[5] = path.0[4];
        assert!(!path.is_legal(0, landing), "stays on a row");
        let through_bonus = PuckPath([4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 2, 1, 0, 1, 0, 1, 0].to_vec());
        assert!(!through_bonus.is_legal(0, landing), "crosses a BONUS case");
    }
}
