//! A notice over the page: something went wrong, or something to know, in the
//! kiosk's language, until dismissed or replaced.

use egui::RichText;

use crate::command::Command;
use crate::ui::i18n::Texts;
use crate::ui::theme::{palette, size};
use crate::ui::widgets::{quiet_button, text_width};

/// A message over the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// Whether something went wrong (or is only information).
    pub is_problem: bool,
}

/// Draws the notice bar at the top of a page, with its "OK" to dismiss it.
pub fn show(ui: &mut egui::Ui, notice: &Notice, texts: &Texts, commands: &mut Vec<Command>) {
    let (fill, ink) = if notice.is_problem {
        (palette::PROBLEM_BACKGROUND, palette::PROBLEM)
    } else {
        (palette::NOTICE_BACKGROUND, palette::INK)
    };
    egui::Frame::NONE
        .fill(fill)
        .inner_margin(egui::Margin::symmetric(24, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let dismiss = texts.get("notice-dismiss");
            let button = text_width(ui, &dismiss, egui::TextStyle::Button) + 48.0 + size::GAP;
            ui.horizontal(|ui| {
                // The words wrap in what the button leaves them.
                ui.allocate_ui_with_layout(
                    egui::Vec2::new(ui.available_width() - button, 0.0),
                    egui::Layout::top_down(egui::Align::LEFT),
                    |ui| {
                        ui.add(
                            egui::Label::new(RichText::new(&notice.text).color(ink).strong())
                                .wrap(),
                        );
                    },
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if quiet_button(ui, &dismiss).clicked() {
                        commands.push(Command::DismissNotice);
                    }
                });
            });
        });
}
