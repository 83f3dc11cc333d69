//! The operator's figure tiles: a few key numbers, each on a tile of its own
//! with its name above it, in a row that wraps on a narrow screen.

use egui::{Margin, RichText, Stroke};

use crate::ui::theme::{self, palette, size, style};

/// One key number: its name, the figure, and an optional line under it.
pub struct Figure {
    /// What it counts ("Parties", "Misé"…).
    pub name: String,
    /// The figure itself, as shown ("6,00 €", "92,4 %").
    pub value: String,
    /// A line of small print under it, if any ("1 opération").
    pub note: Option<String>,
}

/// The figures in rows of tiles of one width, as many to a row as the width
/// holds (a tile at least [`TILE_WIDTH`] wide), the rows sharing the width.
pub fn tiles(ui: &mut egui::Ui, figures: &[Figure]) {
    let gap = size::GAP / 2.0;
    let available = ui.available_width();
    // How many tiles fit side by side (never none), then rows as even as
    // they can be: six figures where five fit go three and three.
    let fit =
        (((available + gap) / (TILE_WIDTH + gap)).floor() as usize).clamp(1, figures.len().max(1));
    let rows = figures.len().div_ceil(fit).max(1);
    let per_row = figures.len().div_ceil(rows).max(1);
    let width = (available - gap * (per_row - 1) as f32) / per_row as f32;
    ui.spacing_mut().item_spacing = egui::Vec2::splat(gap);
    for row in figures.chunks(per_row) {
        // A row's tiles are one height: a line kept for a note none has.
        let noted = row.iter().any(|figure| figure.note.is_some());
        ui.horizontal(|ui| {
            for figure in row {
                tile(ui, figure, width, noted);
            }
        });
    }
}

/// One tile, `width` wide from border to border, with a line for its note
/// when `noted` even if it has none.
fn tile(ui: &mut egui::Ui, figure: &Figure, width: f32, noted: bool) {
    egui::Frame::NONE
        .fill(palette::LOUNGE)
        .stroke(Stroke::new(1.0, palette::LINE))
        .corner_radius(size::RADIUS)
        .inner_margin(Margin::symmetric(size::GAP as i8, (size::GAP / 2.0) as i8))
        .show(ui, |ui| {
            // The frame's margin and stroke are outside what it holds.
            ui.set_width(width - 2.0 * size::GAP - 2.0);
            ui.spacing_mut().item_spacing.y = 2.0;
            ui.vertical(|ui| {
                ui.label(
                    RichText::new(&figure.name)
                        .text_style(style::small())
                        .color(palette::INK_SOFT),
                );
                ui.label(RichText::new(&figure.value).font(theme::amount_font(size::AMOUNT)));
                if noted {
                    ui.label(
                        RichText::new(figure.note.as_deref().unwrap_or(" "))
                            .text_style(style::small())
                            .color(palette::INK_SOFT),
                    );
                }
            });
        });
}

/// The least width of a tile, border to border: an amount in the thousands fits.
const TILE_WIDTH: f32 = 200.0;
