//! Drawing a Bingo unit for a prize.
//!
//! **Decisions (GAMES.md leaves them open).** Each tier is made in its one way
//! (the "only as" column): the combination of each grid is fixed by the prize. On
//! each grid the Joker sits on a uniform cell; the cells of the combination are
//! marked (which diagonal, which rows: uniform); every other cell is marked with
//! probability 24 % (18 balls of 75), and the draw is repeated until the grid
//! shows exactly its combination and nothing better. A grid without a
//! combination is drawn the same way whatever the prize. The 18 balls are uniform
//! among 1..=75; marked cells take numbers among them, unmarked cells numbers
//! among the others; the balls are shuffled, the last three becoming the bonus
//! balls.

use rand::seq::SliceRandom as _;
use rand::seq::index::sample;
use rand::{Rng, RngExt as _};

use super::sampling::pick;
use crate::money::Cents;
use crate::scenario::bingo::{
    BONUS_BALLS, BingoScenario, CELLS, CORNERS, DIAGONALS, FirstGridCombination, FullRows, Grid,
    HIGHEST_NUMBER, ROWS, SPHERE_BALLS,
};

/// Balls drawn in all: the sphere's and the bonus balls.
const DRAWN: usize = SPHERE_BALLS + BONUS_BALLS;
/// The chance, in percent, that a cell outside the combination is marked.
const DECOY_MARK_PERCENT: u32 = 24;
/// Draws of a grid's marks before falling back to the combination alone.
const MARK_ATTEMPTS: usize = 1_000;

/// The one pair of grid combinations that pays `prize`, if any.
#[must_use]
pub fn combinations_for(prize: Cents) -> Option<(FirstGridCombination, FullRows)> {
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

/// Draws the grids and balls of a unit worth `prize`, or `None` if Bingo has no
/// such prize.
///
/// # Panics
/// Never: the counts of zones, balls and numbers are fixed by construction.
pub fn generate(prize: Cents, rng: &mut (impl Rng + ?Sized)) -> Option<BingoScenario> {
    let (first, second) = combinations_for(prize)?;
    let first_required: Vec<usize> = match first {
        FirstGridCombination::None => Vec::new(),
        FirstGridCombination::Corners => CORNERS.to_vec(),
        FirstGridCombination::OneDiagonal => pick(rng, &DIAGONALS).to_vec(),
        FirstGridCombination::TwoDiagonals => DIAGONALS.concat(),
    };
    let second_required: Vec<usize> = sample(rng, ROWS.len(), usize::from(second.0))
        .iter()
        .flat_map(|row| ROWS[row])
        .collect();
    let first_marks = marks(rng, &first_required, |marked| first_grid(marked) == first);
    let second_marks = marks(rng, &second_required, |marked| full_rows(marked) == second);

    let mut balls: Vec<u8> = sample(rng, usize::from(HIGHEST_NUMBER), DRAWN)
        .iter()
        .map(|position| position as u8 + 1)
        .collect();
    let others: Vec<u8> = (1..=HIGHEST_NUMBER)
        .filter(|number| !balls.contains(number))
        .collect();
    let grids = [first_marks, second_marks]
        .map(|(joker, marked)| numbered(rng, joker, &marked, &balls, &others));
    balls.shuffle(rng);
    Some(BingoScenario {
        grids,
        balls: balls[..SPHERE_BALLS].try_into().expect("fifteen balls"),
        bonus_balls: balls[SPHERE_BALLS..].try_into().expect("three bonus balls"),
    })
}

/// The Joker's cell and the marked cells of a grid showing exactly what `shows`
/// accepts, with `required` marked.
fn marks(
    rng: &mut (impl Rng + ?Sized),
    required: &[usize],
    shows: impl Fn(&[bool; CELLS]) -> bool,
) -> (usize, [bool; CELLS]) {
    let joker = rng.random_range(0..CELLS);
    let mut marked = [false; CELLS];
    for _ in 0..MARK_ATTEMPTS {
        for (cell, mark) in marked.iter_mut().enumerate() {
            *mark = cell == joker
                || required.contains(&cell)
                || rng.random_ratio(DECOY_MARK_PERCENT, 100);
        }
        if shows(&marked) {
            return (joker, marked);
        }
    }
    // The combination and the Joker alone never make more than the combination.
    let marked = std::array::from_fn(|cell| cell == joker || required.contains(&cell));
    assert!(
        shows(&marked),
        "a combination and a Joker show the combination"
    );
    (joker, marked)
}

/// A grid whose marked cells (but the Joker's) hold numbers among `balls` and the
/// others numbers among `others`.
fn numbered(
    rng: &mut (impl Rng + ?Sized),
    joker: usize,
    marked: &[bool; CELLS],
    balls: &[u8],
    others: &[u8],
) -> Grid {
    let needed = |wanted: bool| {
        (0..CELLS)
            .filter(|&cell| cell != joker && marked[cell] == wanted)
            .count()
    };
    let mut from_balls = sample(rng, balls.len(), needed(true))
        .into_iter()
        .map(|position| balls[position]);
    let mut from_others = sample(rng, others.len(), needed(false))
        .into_iter()
        .map(|position| others[position]);
    std::array::from_fn(|cell| match (cell == joker, marked[cell]) {
        (true, _) => None,
        (false, true) => from_balls.next(),
        (false, false) => from_others.next(),
    })
}

// The generator's own reading of the grids, kept apart from the evaluator's on
// purpose (`scenario::bingo`): the property tests prove the two agree.

/// What marks show on "Grille 1".
fn first_grid(marked: &[bool; CELLS]) -> FirstGridCombination {
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

/// The full rows that marks show on "Grille 2".
fn full_rows(marked: &[bool; CELLS]) -> FullRows {
    FullRows(
        ROWS.iter()
            .filter(|row| row.iter().all(|&cell| marked[cell]))
            .count() as u8,
    )
}
