//! Bingo as its règlement (article 4) describes it: fifteen balls drawn from a
//! sphere and three "boules Bonus", marked on two 4×4 grids of fifteen numbers and
//! one Joker. This module is the rules: what is legal, and what each grid pays.

use serde::{Deserialize, Serialize};

use crate::emission::Emission;
use crate::money::Cents;
use crate::scenario::{ScenarioError, ScenarioRules, all_distinct};

/// Balls drawn from the sphere (4.4).
pub const SPHERE_BALLS: usize = 15;
/// "Boules Bonus" (4.1).
pub const BONUS_BALLS: usize = 3;
/// The highest number of a ball or a grid (4.1, 4.2); the lowest is 1.
pub const HIGHEST_NUMBER: u8 = 75;
/// Cells of a grid, row-major, 4 by 4.
pub const CELLS: usize = 16;

/// A grid, row-major: fifteen numbers and the Joker (`None`).
pub type Grid = [Option<u8>; CELLS];

/// The cells of each row of a grid.
pub const ROWS: [[usize; 4]; 4] = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]];
/// The cells of each diagonal, each an unbroken run of four (4.6).
pub const DIAGONALS: [[usize; 4]; 2] = [[0, 5, 10, 15], [3, 6, 9, 12]];
/// The four corners.
pub const CORNERS: [usize; 4] = [0, 3, 12, 15];

/// The best combination on "Grille 1" (4.6); only the best counts (4.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FirstGridCombination {
    /// Nothing.
    None,
    /// The four corners: 2 €.
    Corners,
    /// One diagonal: 20 €.
    OneDiagonal,
    /// Both diagonals: 100 €.
    TwoDiagonals,
}

impl FirstGridCombination {
    /// What it pays.
    #[must_use]
    pub const fn prize(self) -> Cents {
        match self {
            Self::None => Cents::ZERO,
            Self::Corners => Cents::euros(2),
            Self::OneDiagonal => Cents::euros(20),
            Self::TwoDiagonals => Cents::euros(100),
        }
    }
}

/// The best combination on "Grille 2" (4.7): the number of full rows, 0 to 4.
/// One row pays 4 €, two 40 €, three 1 000 €, the full grid 10 000 €.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FullRows(pub u8);

impl FullRows {
    /// What it pays.
    #[must_use]
    pub const fn prize(self) -> Cents {
        match self.0 {
            0 => Cents::ZERO,
            1 => Cents::euros(4),
            2 => Cents::euros(40),
            3 => Cents::euros(1_000),
            _ => Cents::euros(10_000),
        }
    }
}

/// The cells of `grid` marked by the balls `drawn` so far: the Joker always,
/// a number once a ball shows it. What a screen shows while the balls come out.
#[must_use]
pub fn marked_by(grid: &Grid, drawn: &[u8]) -> [bool; CELLS] {
    grid.map(|cell| cell.is_none_or(|number| drawn.contains(&number)))
}

/// The best combination `marked` cells make on "Grille 1" (4.6, 4.9).
#[must_use]
pub fn first_grid_of(marked: &[bool; CELLS]) -> FirstGridCombination {
    let full = |cells: &[usize]| cells.iter().all(|&cell| marked[cell]);
    match DIAGONALS
        .iter()
        .filter(|diagonal| full(&diagonal[..]))
        .count()
    {
        2 => FirstGridCombination::TwoDiagonals,
        1 => FirstGridCombination::OneDiagonal,
        _ if full(&CORNERS) => FirstGridCombination::Corners,
        _ => FirstGridCombination::None,
    }
}

/// The full horizontal rows `marked` cells make on "Grille 2" (4.7).
#[must_use]
pub fn full_rows_of(marked: &[bool; CELLS]) -> FullRows {
    let rows = ROWS
        .iter()
        .filter(|row| row.iter().all(|&cell| marked[cell]))
        .count();
    FullRows(rows as u8)
}

/// What one Bingo unit shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BingoScenario {
    /// "Grille 1" and "Grille 2".
    pub grids: [Grid; 2],
    /// The sphere's balls, in draw order.
    pub balls: [u8; SPHERE_BALLS],
    /// The three "boules Bonus".
    pub bonus_balls: [u8; BONUS_BALLS],
}

impl BingoScenario {
    /// The 18 numbers drawn: the sphere's, then the bonus balls.
    pub fn drawn(&self) -> impl Iterator<Item = u8> + '_ {
        self.balls.iter().chain(&self.bonus_balls).copied()
    }

    /// Which cells of `grid` are marked: the Joker always (4.1), a number when a
    /// ball shows it (4.4).
    #[must_use]
    pub fn marked(&self, grid: &Grid) -> [bool; CELLS] {
        marked_by(grid, &self.drawn().collect::<Vec<_>>())
    }

    /// The best combination on "Grille 1".
    #[must_use]
    pub fn first_grid(&self) -> FirstGridCombination {
        first_grid_of(&self.marked(&self.grids[0]))
    }

    /// The best combination on "Grille 2": its full horizontal rows (never columns).
    #[must_use]
    pub fn second_grid(&self) -> FullRows {
        full_rows_of(&self.marked(&self.grids[1]))
    }
}
impl ScenarioRules for BingoScenario {
    /// The unit's lot: the two grids add up into one lot (4.8).
    ///
    /// # Panics
    /// Never: two grid prizes fit in cents.
    fn prize(&self) -> Cents {
        self.first_grid()
            .prize()
            .checked_add(self.second_grid().prize())
            .expect("two grid prizes fit in cents")
    }

    /// Checks every constraint: 18 distinct balls from 1 to 75; on each grid
    /// fifteen distinct numbers from 1 to 75 and exactly one Joker; and never
    /// more than one way to win on a grid (4.9): "Grille 1" never shows a
    /// diagonal together with the four corners. Two diagonals always cover the
    /// four corners: they are the one way of 100 €, and allowed. On "Grille 2"
    /// the rows are one way, counted (one, two, three rows or the full grid).
    ///
    /// # Errors
    /// The first constraint broken.
    fn validate(&self, _emission: &Emission) -> Result<(), ScenarioError> {
        let drawn: Vec<u8> = self.drawn().collect();
        if !drawn
            .iter()
            .all(|&ball| (1..=HIGHEST_NUMBER).contains(&ball))
        {
            return Err(ScenarioError::new("a ball is not 1 to 75"));
        }
        if !all_distinct(&drawn) {
            return Err(ScenarioError::new("the 18 balls repeat"));
        }
        for (number, grid) in self.grids.iter().enumerate() {
            let numbers: Vec<u8> = grid.iter().flatten().copied().collect();
            if numbers.len() != CELLS - 1 {
                return Err(ScenarioError::new(format!(
                    "Grille {} has not exactly one Joker",
                    number + 1
                )));
            }
            if !numbers
                .iter()
                .all(|&value| (1..=HIGHEST_NUMBER).contains(&value))
                || !all_distinct(&numbers)
            {
                return Err(ScenarioError::new(format!(
                    "Grille {} has not 15 distinct numbers from 1 to 75",
                    number + 1
                )));
            }
        }
        let corners = self.marked(&self.grids[0]);
        if self.first_grid() == FirstGridCombination::OneDiagonal
            && CORNERS.iter().all(|&cell| corners[cell])
        {
            return Err(ScenarioError::new(
                "Grille 1 shows a diagonal and the four corners: two ways to win (4.9)",
            ));
        }
        Ok(())
    }
}
