//! "Partie d'essai — sans argent": the band under the top bar on every
//! screen of a trial (and of a stakeholders' demonstration, always), so that
//! play money is never taken for the player's own — and a paid screen is
//! never taken for a trial's.

use egui::{Margin, RichText};

use crate::ui::i18n::Texts;
use crate::ui::theme::{palette, size};

/// The band, a panel of its own under the top bar: nothing lies under it.
pub fn band(ui: &mut egui::Ui, texts: &Texts) {
    egui::Panel::top("trial_band")
        .frame(
            egui::Frame::NONE
                .fill(palette::TRIAL)
                .inner_margin(Margin::symmetric(size::MARGIN as i8, 6)),
        )
        .resizable(false)
        .show_separator_line(false)
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add(
                    egui::Label::new(
                        RichText::new(texts.get("trial-band"))
                            .color(palette::ON_DARK)
                            .strong(),
                    )
                    .wrap(),
                );
            });
        });
}
