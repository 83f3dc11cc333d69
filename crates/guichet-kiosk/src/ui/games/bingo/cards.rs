//! The Bingo table's two grids' cards: each card's frame and title, its
//! cells daubed as the numbers come out, its best combination lit, and its
//! arrow of winning combinations.

use egui::{Pos2, Rect, Vec2};
use guichet_core::games::bingo::scenario::{
    BingoScenario, CELLS, CORNERS, DIAGONALS, FirstGridCombination, FullRows, ROWS, first_grid_of,
    full_rows_of, marked_by,
};

use super::draw::Draw;
use super::grid::{self, Entry, EntryState};
use super::layout::{Layout, design};
use super::look;
use crate::ui::games::table::TableFrame;
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size};
use crate::ui::widgets::label_rect;

/// The cards' arrows: laid out alike on both, so that both grids are the same
/// size.
struct Arrows {
    /// Columns of entries: two where every entry of both fits in half a card.
    columns: usize,
    /// The room the longer arrow takes.
    height: f32,
    /// An arrow's width.
    width: f32,
}

impl Arrows {
    /// The arrows of both cards of `layout`, in `texts`' words.
    fn new(painter: &egui::Painter, layout: &Layout, texts: &Texts) -> Self {
        let width = layout.cards[0].width() - 2.0 * design::CARD_INSET * layout.scale;
        let entries = [0, 1].map(|card| arrow_entries(texts, card, None));
        let columns = entries
            .iter()
            .map(|entries| grid::columns(painter, width, entries, layout.scale))
            .min()
            .unwrap_or(1);
        let rows = entries
            .iter()
            .map(|entries| entries.len().div_ceil(columns))
            .max()
            .unwrap_or(0);
        Self {
            columns,
            height: grid::arrow_height(rows, layout.scale),
            width,
        }
    }
}

/// Paints card `card`'s frame, title and arrow of `entries`, and returns
/// where its cells go and where each entry of the arrow lies: the cells, a
/// square, in the room the arrows leave, the arrow right under them.
fn paint_card_frame(
    painter: &egui::Painter,
    layout: &Layout,
    texts: &Texts,
    card: usize,
    entries: &[Entry],
) -> (Rect, Vec<Rect>) {
    let scale = layout.scale;
    let rect = layout.cards[card];
    painter.rect_filled(
        rect.translate(Vec2::new(0.0, 6.0)),
        size::RADIUS_LARGE,
        palette::SHADOW,
    );
    painter.rect_filled(rect, size::RADIUS_LARGE, look::CARD_PAPER);
    painter.text(
        Pos2::new(
            rect.center().x,
            rect.top() + design::CARD_TITLE * scale / 2.0,
        ),
        egui::Align2::CENTER_CENTER,
        texts.with("bingo-grid-title", &[("number", (card + 1).to_string())]),
        theme::font(size::BODY * scale.max(1.0), true),
        look::CORAL_DEEP,
    );
    let arrows = Arrows::new(painter, layout, texts);
    let inset = design::CARD_INSET * scale;
    let cells_room = Rect::from_min_max(
        Pos2::new(
            rect.left() + 1.5 * inset,
            rect.top() + design::CARD_TITLE * scale,
        ),
        Pos2::new(
            rect.right() - 1.5 * inset,
            rect.bottom() - 2.0 * inset - arrows.height,
        ),
    );
    let side = cells_room.width().min(cells_room.height()).max(0.0);
    let cells = Rect::from_center_size(cells_room.center(), Vec2::splat(side));
    let placed = grid::paint_arrow(
        painter,
        Pos2::new(rect.center().x, cells.bottom() + inset),
        arrows.width,
        entries,
        arrows.columns,
        scale,
    );
    (cells, placed)
}

/// Card `card` before a unit: its frame, its arrow, its cells empty.
pub fn paint_empty_card(painter: &egui::Painter, layout: &Layout, texts: &Texts, card: usize) {
    let entries = arrow_entries(texts, card, None);
    let (cells, _) = paint_card_frame(painter, layout, texts, card, &entries);
    for rect in grid::cells(cells, design::CELL_GAP * layout.scale) {
        painter.rect_filled(rect, size::RADIUS, palette::CREAM);
    }
}

/// The arrow's entries of card `card`, with where each stands given the marks.
fn arrow_entries(texts: &Texts, card: usize, marks: Option<&[bool; CELLS]>) -> Vec<Entry> {
    let full = |cells: &[usize]| marks.is_some_and(|marks| cells.iter().all(|&cell| marks[cell]));
    if card == 0 {
        let best = marks.map_or(FirstGridCombination::None, first_grid_of);
        let complete = |combination: FirstGridCombination| match combination {
            FirstGridCombination::Corners => full(&CORNERS),
            FirstGridCombination::OneDiagonal => DIAGONALS.iter().any(|diagonal| full(diagonal)),
            FirstGridCombination::TwoDiagonals => DIAGONALS.iter().all(|diagonal| full(diagonal)),
            FirstGridCombination::None => false,
        };
        [
            (FirstGridCombination::Corners, "bingo-corners"),
            (FirstGridCombination::OneDiagonal, "bingo-one-diagonal"),
            (FirstGridCombination::TwoDiagonals, "bingo-two-diagonals"),
        ]
        .into_iter()
        .map(|(combination, key)| Entry {
            name: texts.get(key),
            amount: combination.prize().short(),
            state: entry_state(combination == best, complete(combination)),
        })
        .collect()
    } else {
        let best = marks.map_or(FullRows(0), full_rows_of);
        (1..=4_u8)
            .map(|rows| Entry {
                name: if rows == 4 {
                    texts.get("bingo-full-grid")
                } else {
                    texts.with("bingo-rows", &[("rows", rows.to_string())])
                },
                amount: FullRows(rows).prize().short(),
                state: entry_state(FullRows(rows) == best, best.0 >= rows),
            })
            .collect()
    }
}

/// Where an arrow's entry stands: the `best` combination `complete`, one a
/// better replaced, or still open.
const fn entry_state(best: bool, complete: bool) -> EntryState {
    match (best, complete) {
        (true, true) => EntryState::Best,
        (false, true) => EntryState::Replaced,
        _ => EntryState::Open,
    }
}

/// The cells of the best combination complete on card `card`.
fn lit_cells(card: usize, marks: &[bool; CELLS]) -> Vec<usize> {
    let full = |cells: &[usize]| cells.iter().all(|&cell| marks[cell]);
    if card == 0 {
        match first_grid_of(marks) {
            FirstGridCombination::TwoDiagonals => DIAGONALS.concat(),
            FirstGridCombination::OneDiagonal => DIAGONALS
                .iter()
                .find(|diagonal| full(&diagonal[..]))
                .map(|diagonal| diagonal.to_vec())
                .unwrap_or_default(),
            FirstGridCombination::Corners => CORNERS.to_vec(),
            FirstGridCombination::None => Vec::new(),
        }
    } else {
        ROWS.iter()
            .filter(|row| full(&row[..]))
            .flatten()
            .copied()
            .collect()
    }
}

/// Card `card` of `scenario`: its grid daubed as far as the draw has come,
/// its best combination lit, its arrow; each cell and entry a labelled node.
pub fn paint_card(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    scenario: &BingoScenario,
    draw: &Draw,
    card: usize,
) {
    let texts = view.texts;
    let grid = &scenario.grids[card];
    let marks = marked_by(grid, &draw.numbers());
    let entries = arrow_entries(texts, card, Some(&marks));
    let (cells_area, placed) = paint_card_frame(painter, layout, texts, card, &entries);
    let rects = grid::cells(cells_area, design::CELL_GAP * layout.scale);
    let cells: [grid::Cell; CELLS] = std::array::from_fn(|cell| grid::Cell {
        daub: grid[cell].map_or(1.0, |number| draw.daub(number)),
    });
    grid::paint_cells(
        painter,
        &rects,
        grid,
        &cells,
        &lit_cells(card, &marks),
        layout.scale,
    );
    for (entry, (index, rect)) in entries.iter().zip(placed.iter().enumerate()) {
        let state = match entry.state {
            EntryState::Open => "open",
            EntryState::Best => "best",
            EntryState::Replaced => "replaced",
        };
        let label = || {
            texts.with(
                "bingo-entry-label",
                &[
                    ("grid", (card + 1).to_string()),
                    ("name", entry.name.clone()),
                    ("amount", entry.amount.clone()),
                    ("state", state.to_owned()),
                ],
            )
        };
        label_rect(ui, *rect, ("entry", card, index), label);
    }
    for (cell, rect) in rects.iter().enumerate() {
        let label = || {
            let value =
                grid[cell].map_or_else(|| texts.get("bingo-joker"), |number| number.to_string());
            let state = texts.get(if marks[cell] {
                "bingo-marked"
            } else {
                "bingo-unmarked"
            });
            texts.with(
                "bingo-cell-label",
                &[
                    ("grid", (card + 1).to_string()),
                    ("row", (cell / 4 + 1).to_string()),
                    ("column", (cell % 4 + 1).to_string()),
                    ("value", value),
                    ("state", state),
                ],
            )
        };
        label_rect(ui, *rect, ("cell", card, cell), label);
    }
}
