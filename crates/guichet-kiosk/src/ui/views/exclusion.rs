//! Self-exclusion: a break from play of 24 hours, 7 days, 30 days or longer,
//! chosen then confirmed. While it runs there is no stake and no deposit (a
//! withdrawal stays possible); it can be lengthened, never shortened.

use egui::RichText;
use guichet_core::money::Cents;

use crate::command::{Command, ProtectionCommand};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{choice_button, local_moment, primary_button};

/// The breaks offered, in days.
const DURATIONS: [u32; 5] = [1, 7, 30, 90, 365];

/// The self-exclusion page: the duration chosen, not yet confirmed.
#[derive(Default)]
pub struct ExclusionPage {
    days: Option<u32>,
}

impl ExclusionPage {
    /// The page, nothing chosen yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

impl View for ExclusionPage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Shown
    }

    fn times_out(&self) -> bool {
        true
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        let duration = |days: u32| texts.with("exclusion-days", &[("days", days.to_string())]);
        theme::page_frame().show(ui, |ui| {
            crate::ui::widgets::scroll_view(ui, "exclusion", |ui| {
                ui.label(
                    RichText::new(texts.get("exclusion-title"))
                        .text_style(egui::TextStyle::Heading),
                );
                ui.add(
                    egui::Label::new(
                        RichText::new(texts.get("exclusion-explanation")).color(palette::INK_SOFT),
                    )
                    .wrap(),
                );
                if let Some(until) = context
                    .protection
                    .and_then(|protection| protection.excluded_until)
                {
                    ui.add_space(size::GAP);
                    ui.add(
                        egui::Label::new(
                            RichText::new(texts.with(
                                "exclusion-until",
                                &[("date", local_moment(until, context.time_zone))],
                            ))
                            .strong(),
                        )
                        .wrap(),
                    );
                }
                ui.add_space(size::GAP);
                theme::card_frame().show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.label(
                        RichText::new(texts.get("exclusion-choose")).text_style(style::amount()),
                    );
                    ui.add_space(size::GAP / 2.0);
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing.x = size::GAP / 2.0;
                        for days in DURATIONS {
                            if choice_button(ui, &duration(days), self.days == Some(days)).clicked()
                            {
                                self.days = Some(days);
                            }
                        }
                    });
                });
                ui.add_space(size::GAP);
                let confirm = self.days.map_or_else(
                    || texts.get("exclusion-choose-first"),
                    |days| texts.with("exclusion-confirm", &[("duration", duration(days))]),
                );
                let pressed = ui
                    .add_enabled_ui(self.days.is_some(), |ui| primary_button(ui, &confirm))
                    .inner
                    .clicked();
                if pressed && let Some(days) = self.days.take() {
                    commands.push(Command::Protection(ProtectionCommand::Exclude(days)));
                }
            });
        });
    }
}
