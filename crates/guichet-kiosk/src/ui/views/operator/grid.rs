//! The operator's tables: a grid of rows under a header.

use egui::RichText;

use crate::ui::theme::{palette, size};

/// A grid of rows with a header, striped, its rows as tight as their text.
pub fn table(ui: &mut egui::Ui, id: &str, header: &[String], rows: &[Vec<String>]) {
    ui.scope(|ui| {
        // Rows of text, not touch targets: no need for a finger's height.
        ui.spacing_mut().interact_size.y = size::BODY + size::GAP / 2.0;
        rows_of(ui, id, header, rows);
    });
}

fn rows_of(ui: &mut egui::Ui, id: &str, header: &[String], rows: &[Vec<String>]) {
    egui::Grid::new(id)
        .striped(true)
        .spacing(egui::Vec2::new(size::GAP * 1.5, size::GAP / 2.0))
        .show(ui, |ui| {
            for title in header {
                ui.label(RichText::new(title).strong().color(palette::INK_SOFT));
            }
            ui.end_row();
            for row in rows {
                for cell in row {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
}
