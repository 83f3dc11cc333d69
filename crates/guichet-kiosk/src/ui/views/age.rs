//! The first time the account is used: "18 or over?". A "no" leaves the kiosk
//! in the lobby with play disabled.

use egui::RichText;
use guichet_core::money::Cents;

use crate::command::{Command, ProtectionCommand};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{primary_button, quiet_button};

/// The age question.
pub struct AgePage;

impl View for AgePage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Shown
    }

    fn times_out(&self) -> bool {
        // The question stays until it is answered.
        false
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(size::TOUCH);
                ui.add(
                    egui::Label::new(
                        RichText::new(texts.get("age-title")).text_style(style::title()),
                    )
                    .wrap(),
                );
                ui.add_space(size::GAP);
                ui.add(
                    egui::Label::new(
                        RichText::new(texts.get("age-explanation")).color(palette::INK_SOFT),
                    )
                    .wrap(),
                );
                ui.add_space(size::GAP * 2.0);
                if primary_button(ui, &texts.get("age-yes")).clicked() {
                    commands.push(Command::Protection(ProtectionCommand::AnswerAge(true)));
                }
                ui.add_space(size::GAP);
                if quiet_button(ui, &texts.get("age-no")).clicked() {
                    commands.push(Command::Protection(ProtectionCommand::AnswerAge(false)));
                }
            });
        });
    }
}
