//! A bingo card: "Grille 1" or "Grille 2", four by four, its cells daubed as
//! their balls come out, the line of its best combination lit; and its arrow,
//! the winning combinations and what they pay — the best one reached lit, the
//! lesser ones it replaced dimmed. No "one to go": only what is complete shows.

use egui::{Align2, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};
use guichet_core::games::bingo::scenario::{CELLS, Grid};

use super::look;
use crate::ui::games::table::paint::star;
use crate::ui::theme::{self, palette, size};

/// One cell as the card paints it.
pub struct Cell {
    /// How far its daub has landed (0: unmarked, 1: marked).
    pub daub: f32,
}

/// One entry of a card's arrow.
pub struct Entry {
    /// "4 coins", "2 lignes".
    pub name: String,
    /// What it pays, as the bar writes money.
    pub amount: String,
    /// Where it stands.
    pub state: EntryState,
}

/// Where a combination of the arrow stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryState {
    /// Not complete.
    Open,
    /// The best combination complete: it counts.
    Best,
    /// Complete, but a better one replaced it: it does not count.
    Replaced,
}

/// The cells of a 4×4 card laid in `area`: their rectangles, row-major.
#[must_use]
pub fn cells(area: Rect, gap: f32) -> [Rect; CELLS] {
    let side = ((area.width() - 3.0 * gap) / 4.0).min((area.height() - 3.0 * gap) / 4.0);
    let origin = area.min;
    std::array::from_fn(|cell| {
        let (row, column) = ((cell / 4) as f32, (cell % 4) as f32);
        Rect::from_min_size(
            origin + Vec2::new(column * (side + gap), row * (side + gap)),
            Vec2::splat(side),
        )
    })
}

/// Paints the card's cells in `rects`, with the cells of `lit` on a gold line.
pub fn paint_cells(
    painter: &Painter,
    rects: &[Rect; CELLS],
    grid: &Grid,
    cells: &[Cell; CELLS],
    lit: &[usize],
    scale: f32,
) {
    for (cell, rect) in rects.iter().enumerate() {
        let shown = &cells[cell];
        painter.rect(
            *rect,
            size::RADIUS,
            palette::CREAM,
            Stroke::new(1.5, look::GRID_LINE),
            StrokeKind::Inside,
        );
        if shown.daub > 0.0 {
            // A stamp landing: a little large at first, settling in place.
            let landing = 1.0 + 0.35 * (1.0 - shown.daub);
            painter.circle_filled(
                rect.center(),
                rect.width() * 0.4 * landing,
                look::DAUB.gamma_multiply(shown.daub),
            );
        }
        if let Some(number) = grid[cell] {
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                number.to_string(),
                theme::font(size::AMOUNT * scale.max(1.0) * 0.9, true),
                palette::INK,
            );
        } else {
            // The Joker: a gold star, its rim the card's coral (its label
            // says "Joker").
            let outer = rect.width() * 0.38;
            painter.add(star(
                rect.center(),
                outer,
                outer * 0.45,
                0.0,
                look::CORAL_DEEP,
            ));
            let inner = outer * 0.78;
            painter.add(star(rect.center(), inner, inner * 0.45, 0.0, look::JOKER));
        }
    }
    // Each winning cell framed inside its own edge: neighbours' frames stay
    // apart, the gap between them showing.
    for &cell in lit {
        painter.rect_stroke(
            rects[cell],
            size::RADIUS,
            Stroke::new(4.0 * scale.max(1.0), palette::ACTION),
            StrokeKind::Inside,
        );
    }
}

/// The arrow's notch, the panel's padding and the gap between entries, at
/// the design size.
const NOTCH: f32 = 12.0;
const PADDING: f32 = 6.0;
const ENTRY_GAP: f32 = 6.0;
/// Between an entry's edge and its words, at the design size.
const ENTRY_INSET: f32 = 8.0;
/// Between an entry's name and its amount, at the design size.
const WORD_GAP: f32 = 12.0;

/// The arrow's words: never below the kiosk's smallest text.
fn arrow_font(scale: f32) -> egui::FontId {
    theme::font(size::SMALL * scale.max(1.0), true)
}

/// The arrow's amounts: never below the smallest an amount may be.
fn arrow_amount_font(scale: f32) -> egui::FontId {
    theme::amount_font(size::LEAST_AMOUNT * scale.max(1.0))
}

/// One entry's height: its amount's line and some air.
fn entry_height(scale: f32) -> f32 {
    (size::LEAST_AMOUNT * scale.max(1.0) * 1.25).max(30.0 * scale)
}

/// How many columns an arrow of `entries` can lay them in across `width`: two
/// when every entry's name and amount fit side by side in half of it, else one.
#[must_use]
pub fn columns(painter: &Painter, width: f32, entries: &[Entry], scale: f32) -> usize {
    let measure = |text: &str, font: egui::FontId| {
        painter
            .layout_no_wrap(text.to_owned(), font, palette::INK)
            .size()
            .x
    };
    let widest = entries
        .iter()
        .map(|entry| {
            measure(&entry.name, arrow_font(scale))
                + measure(&entry.amount, arrow_amount_font(scale))
        })
        .fold(0.0, f32::max);
    let room = (width - 2.0 * PADDING * scale) / 2.0
        - ENTRY_GAP * scale
        - 2.0 * ENTRY_INSET * scale
        - WORD_GAP * scale;
    if widest <= room { 2 } else { 1 }
}

/// The height of an arrow of `rows` rows of entries.
#[must_use]
pub fn arrow_height(rows: usize, scale: f32) -> f32 {
    (NOTCH + 2.0 * PADDING) * scale + rows as f32 * (entry_height(scale) + ENTRY_GAP * scale)
}

/// Paints the arrow under a card, across `width` from `top` (the tip of its
/// notch): a panel pointing up at the card, its entries in `columns`; returns
/// where each entry lies.
pub fn paint_arrow(
    painter: &Painter,
    top: Pos2,
    width: f32,
    entries: &[Entry],
    columns: usize,
    scale: f32,
) -> Vec<Rect> {
    let rows = entries.len().div_ceil(columns);
    let area = Rect::from_min_size(
        top - Vec2::new(width / 2.0, 0.0),
        Vec2::new(width, arrow_height(rows, scale)),
    );
    let notch = NOTCH * scale;
    let panel = Rect::from_min_max(area.min + Vec2::new(0.0, notch), area.max);
    painter.rect_filled(panel, size::RADIUS, look::ARROW);
    painter.add(egui::Shape::convex_polygon(
        vec![
            Pos2::new(panel.center().x - notch, panel.top()),
            Pos2::new(panel.center().x, area.top()),
            Pos2::new(panel.center().x + notch, panel.top()),
        ],
        look::ARROW,
        Stroke::NONE,
    ));
    let inner = panel.shrink(PADDING * scale);
    let entry_size = Vec2::new(
        inner.width() / columns as f32,
        entry_height(scale) + ENTRY_GAP * scale,
    );
    let font = arrow_font(scale);
    let amount_font = arrow_amount_font(scale);
    let mut placed = Vec::new();
    for (position, entry) in entries.iter().enumerate() {
        let rect = Rect::from_min_size(
            inner.min
                + Vec2::new(
                    (position % columns) as f32 * entry_size.x,
                    (position / columns) as f32 * entry_size.y,
                ),
            entry_size,
        )
        .shrink(ENTRY_GAP / 2.0 * scale);
        let (fill, ink) = match entry.state {
            EntryState::Best => (palette::ACTION, palette::INK),
            EntryState::Replaced => (look::ARROW, palette::ON_DARK_SOFT.gamma_multiply(0.55)),
            EntryState::Open => (look::ARROW, palette::ON_DARK),
        };
        painter.rect_filled(rect, size::RADIUS, fill);
        painter.text(
            rect.left_center() + Vec2::new(ENTRY_INSET * scale, 0.0),
            Align2::LEFT_CENTER,
            &entry.name,
            font.clone(),
            ink,
        );
        painter.text(
            rect.right_center() - Vec2::new(ENTRY_INSET * scale, 0.0),
            Align2::RIGHT_CENTER,
            &entry.amount,
            amount_font.clone(),
            ink,
        );
        placed.push(rect);
    }
    placed
}
