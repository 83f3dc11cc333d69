//! At start, before anything else: the unit left unfinished, to take up again.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::Unit;

use crate::command::{Command, PlayCommand};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{local_time, primary_button};

/// The offer to resume an unfinished unit.
pub struct ResumePage {
    unit: Unit,
}

impl ResumePage {
    /// The offer to resume `unit`.
    #[must_use]
    pub const fn new(unit: Unit) -> Self {
        Self { unit }
    }
}

impl View for ResumePage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Absent
    }

    fn times_out(&self) -> bool {
        true
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(size::TOUCH);
                ui.label(RichText::new(texts.get("resume-title")).text_style(style::title()));
                ui.add_space(size::GAP);
                ui.label(RichText::new(texts.get("resume-explanation")).color(palette::INK_SOFT));
                ui.add_space(size::GAP);
                theme::card_frame().show(ui, |ui| {
                    ui.label(
                        RichText::new(format!(
                            "{} · {}",
                            self.unit.emission.game.title(),
                            self.unit.emission.stake
                        ))
                        .text_style(style::amount()),
                    );
                    ui.label(
                        RichText::new(texts.with(
                            "resume-bought",
                            &[("time", local_time(&self.unit.sold_at, context.time_zone))],
                        ))
                        .color(palette::INK_SOFT),
                    );
                });
                ui.add_space(size::GAP * 2.0);
                if primary_button(ui, &texts.get("resume-action")).clicked() {
                    commands.push(Command::Play(PlayCommand::ResumeUnit(self.unit.id)));
                }
            });
        });
    }
}
