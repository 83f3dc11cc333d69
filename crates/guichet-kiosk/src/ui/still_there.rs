//! "Êtes-vous toujours là ?": shown to a player signed in who has not
//! touched the screen for a while, before the idle timeout signs them out.
//! Any touch answers it; the page under it takes none.

use egui::RichText;

use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size};
use crate::ui::widgets::primary_button;

/// Draws the question over everything, with the seconds left before the
/// player is signed out.
pub fn show(ui: &egui::Ui, seconds_left: u32, texts: &Texts) {
    egui::Modal::new(ui.scope_id().with("still_there"))
        .frame(theme::card_frame())
        .show(ui.ctx(), |ui| {
            ui.set_max_width(size::TOUCH * 9.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    RichText::new(texts.get("still-there-title"))
                        .text_style(egui::TextStyle::Heading),
                );
                ui.add_space(size::GAP);
                ui.label(
                    RichText::new(texts.with(
                        "still-there-explained",
                        &[("seconds", seconds_left.to_string())],
                    ))
                    .color(palette::INK_SOFT),
                );
                ui.add_space(size::GAP * 1.5);
                // The touch itself is the answer (it resets the idle time);
                // the button gives it a place.
                let _ = primary_button(ui, &texts.get("still-there-yes"));
            });
        });
}
