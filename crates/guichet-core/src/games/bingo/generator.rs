//! Drawing a Bingo unit for a prize.
//!
//! **Decisions (GAMES.md leaves them open).**
//! - *The grids first, blind to the prize.* Each grid is fifteen distinct numbers
//!   uniform among 1..=75, in uniform order, with the Joker on a uniform cell; the
//!   two grids are drawn independently, and the pair is kept only if **every**
//!   tier of the table, the losing one included, can be shown on it exactly
//!   (otherwise it is drawn again). The grids are the first thing drawn from the
//!   unit's stream, and the test for keeping them does not look at the unit's
//!   prize: the same stream gives the same grids whatever the tier, so what the
//!   grids show before any ball (how many numbers they share, where) tells nothing.
//! - *Then the balls, for the unit's tier.* Each tier is made in its one way (the
//!   "only as" column). Among the layouts of that way on these grids (which
//!   diagonal, which rows) that can show it exactly, one is chosen uniformly; its
//!   numbers are drawn; the other balls are uniform among the remaining numbers,
//!   drawn again until the grids show exactly the tier and nothing better (after
//!   1 000 tries, numbers on neither grid fill in, which always shows it exactly).
//!   That is how a fair draw of 18 balls looks once it is known to show this tier.
//! - *One way per grid (4.9).* A diagonal never comes with the four corners on
//!   "Grille 1". Two diagonals always cover the corners: they are the one way of
//!   100 €.
//! - The 18 balls are shuffled; the last three are the bonus balls.

use std::sync::OnceLock;

use rand::seq::SliceRandom as _;
use rand::seq::index::sample;
use rand::{Rng, RngExt as _};

use super::game::BINGO;
use super::scenario::{
    BONUS_BALLS, BingoScenario, CELLS, CORNERS, DIAGONALS, FirstGridCombination, FullRows, Grid,
    HIGHEST_NUMBER, ROWS, SPHERE_BALLS,
};
use crate::emission::Emission;
use crate::money::Cents;
use crate::sampling::pick;

/// Balls drawn in all: the sphere's and the bonus balls.
const DRAWN: usize = SPHERE_BALLS + BONUS_BALLS;
/// Draws of the free balls before falling back to numbers on neither grid.
const BALL_ATTEMPTS: usize = 1_000;

/// The combinations of the two grids, as one tier shows them.
pub type Combinations = (FirstGridCombination, FullRows);

/// The one pair of grid combinations that pays `prize`, if any.
#[must_use]
pub fn combinations_for(prize: Cents) -> Option<Combinations> {
    let first = [
        FirstGridCombination::None,
        FirstGridCombination::Corners,
        FirstGridCombination::OneDiagonal,
        FirstGridCombination::TwoDiagonals,
    ];
    let mut ways = first
        .iter()
        .flat_map(|&one| (0..=4).map(move |rows| (one, FullRows(rows))));
    let way = ways.find(|(one, two)| one.prize().checked_add(two.prize()) == Some(prize))?;
    Some(way)
}

/// The combinations of every tier of the table, and of a losing unit.
fn every_tier() -> &'static [Combinations] {
    static WAYS: OnceLock<Vec<Combinations>> = OnceLock::new();
    WAYS.get_or_init(|| {
        BINGO
            .tiers
            .iter()
            .map(|tier| tier.prize)
            .chain([Cents::ZERO])
            .filter_map(combinations_for)
            .collect()
    })
}

/// Draws the grids and balls of a unit worth `prize`, or `None` if Bingo has no
/// such prize (the same under every generators' version this build draws).
///
/// # Panics
/// Never: the counts of zones, balls and numbers are fixed by construction.
pub fn generate(
    _emission: &Emission,
    prize: Cents,
    rng: &mut (impl Rng + ?Sized),
    _version: u32,
) -> Option<BingoScenario> {
    let wanted = combinations_for(prize)?;
    let grids = grid_pair(rng);
    let mut balls = balls_showing(rng, &grids, wanted);
    balls.shuffle(rng);
    Some(BingoScenario {
        grids,
        balls: balls[..SPHERE_BALLS].try_into().expect("fifteen balls"),
        bonus_balls: balls[SPHERE_BALLS..].try_into().expect("three bonus balls"),
    })
}

/// Two grids on which every tier can be shown exactly, drawn blind to the prize.
pub fn grid_pair(rng: &mut (impl Rng + ?Sized)) -> [Grid; 2] {
    loop {
        let grids = [random_grid(rng), random_grid(rng)];
        if every_tier()
            .iter()
            .all(|&wanted| !layouts_showing(&grids, wanted).is_empty())
        {
            return grids;
        }
    }
}

/// Fifteen distinct numbers of 1..=75 in uniform order, the Joker on a uniform
/// cell.
fn random_grid(rng: &mut (impl Rng + ?Sized)) -> Grid {
    let joker = rng.random_range(0..CELLS);
    let mut numbers = sample(rng, usize::from(HIGHEST_NUMBER), CELLS - 1)
        .into_iter()
        .map(|position| position as u8 + 1);
    std::array::from_fn(|cell| if cell == joker { None } else { numbers.next() })
}

/// The cells each grid must have marked, for each layout of `wanted`: which
/// diagonal, which rows.
fn layouts(wanted: Combinations) -> Vec<[Vec<usize>; 2]> {
    let (first, FullRows(rows)) = wanted;
    let first_cells: Vec<Vec<usize>> = match first {
        FirstGridCombination::None => vec![Vec::new()],
        FirstGridCombination::Corners => vec![CORNERS.to_vec()],
        FirstGridCombination::OneDiagonal => DIAGONALS.iter().map(|d| d.to_vec()).collect(),
        FirstGridCombination::TwoDiagonals => vec![DIAGONALS.concat()],
    };
    let row_sets: Vec<Vec<usize>> = (0_u8..16)
        .filter(|set| set.count_ones() == u32::from(rows))
        .map(|set| {
            (0..ROWS.len())
                .filter(|row| set & (1 << row) != 0)
                .flat_map(|row| ROWS[row])
                .collect()
        })
        .collect();
    first_cells
        .iter()
        .flat_map(|first| {
            row_sets
                .iter()
                .map(move |second| [first.clone(), second.clone()])
        })
        .collect()
}

/// The numbers of each layout of `wanted` on `grids` that, drawn alone, show
/// exactly `wanted` (with no more than 18 of them).
fn layouts_showing(grids: &[Grid; 2], wanted: Combinations) -> Vec<Vec<u8>> {
    layouts(wanted)
        .iter()
        .map(|cells| {
            let mut numbers: Vec<u8> = cells
                .iter()
                .zip(grids)
                .flat_map(|(cells, grid)| cells.iter().filter_map(|&cell| grid[cell]))
                .collect();
            numbers.sort_unstable();
            numbers.dedup();
            numbers
        })
        .filter(|numbers| numbers.len() <= DRAWN && shows(grids, numbers) == Some(wanted))
        .collect()
}

/// Eighteen distinct balls that make `grids` show exactly `wanted`.
fn balls_showing(
    rng: &mut (impl Rng + ?Sized),
    grids: &[Grid; 2],
    wanted: Combinations,
) -> Vec<u8> {
    let candidates = layouts_showing(grids, wanted);
    let required = pick(rng, &candidates).clone();
    let others: Vec<u8> = (1..=HIGHEST_NUMBER)
        .filter(|number| !required.contains(number))
        .collect();
    let free = DRAWN - required.len();
    for _ in 0..BALL_ATTEMPTS {
        let mut balls = required.clone();
        balls.extend(
            sample(rng, others.len(), free)
                .iter()
                .map(|position| others[position]),
        );
        if shows(grids, &balls) == Some(wanted) {
            return balls;
        }
    }
    // Numbers on neither grid mark nothing: the layout alone shows `wanted`.
    off_the_grids(rng, grids, required, &others, free)
}

/// `required` and `free` more balls drawn from `others` among the numbers on
/// neither grid, which mark nothing.
fn off_the_grids(
    rng: &mut (impl Rng + ?Sized),
    grids: &[Grid; 2],
    required: Vec<u8>,
    others: &[u8],
    free: usize,
) -> Vec<u8> {
    let off_grids: Vec<u8> = others
        .iter()
        .copied()
        .filter(|number| !grids.iter().flatten().any(|cell| *cell == Some(*number)))
        .collect();
    let mut balls = required;
    balls.extend(
        sample(rng, off_grids.len(), free)
            .iter()
            .map(|position| off_grids[position]),
    );
    balls
}

// The generator's own reading of the grids, kept apart from the evaluator's on
// purpose (`scenario::bingo`): the property tests prove the two agree.

/// What `balls` show on the two grids, or `None` when a grid shows more than
/// one way to win (a diagonal with the four corners).
fn shows(grids: &[Grid; 2], balls: &[u8]) -> Option<Combinations> {
    let marked = |grid: &Grid| -> [bool; CELLS] {
        std::array::from_fn(|cell| grid[cell].is_none_or(|number| balls.contains(&number)))
    };
    let first = marked(&grids[0]);
    let full = |cells: &[usize]| cells.iter().all(|&cell| first[cell]);
    let diagonals = DIAGONALS
        .iter()
        .filter(|diagonal| full(&diagonal[..]))
        .count();
    let first_way = match (diagonals, full(&CORNERS)) {
        (2, _) => FirstGridCombination::TwoDiagonals,
        (1, false) => FirstGridCombination::OneDiagonal,
        (1, true) => return None,
        (_, true) => FirstGridCombination::Corners,
        (_, false) => FirstGridCombination::None,
    };
    let second = marked(&grids[1]);
    let rows = ROWS
        .iter()
        .filter(|row| row.iter().all(|&cell| second[cell]))
        .count();
    Some((first_way, FullRows(rows as u8)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng as _;
    use rand::rngs::ChaCha12Rng;

    #[test]
    fn the_balls_added_off_the_grids_mark_nothing() {
        let mut rng = ChaCha12Rng::seed_from_u64(5);
        let grids = grid_pair(&mut rng);
        let on_grids: Vec<u8> = grids.iter().flatten().flatten().copied().collect();
        let required = vec![on_grids[0], on_grids[1]];
        let others: Vec<u8> = (1..=HIGHEST_NUMBER)
            .filter(|number| !required.contains(number))
            .collect();
        let balls = off_the_grids(&mut rng, &grids, required.clone(), &others, 16);
        assert_eq!(balls.len(), 18);
        assert_eq!(balls[..2], required[..]);
        assert!(
            balls[2..].iter().all(|ball| !on_grids.contains(ball)),
            "{balls:?}"
        );
        assert_eq!(shows(&grids, &balls), shows(&grids, &required));
    }
}
