//! The page of a kiosk whose own program is not the release's: "Borne hors
//! service — logiciel non vérifié", that nothing is sold and nothing lost,
//! what to do, and the check's own words for the technician. It offers
//! nothing to press.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_integrity::Refusal;

use crate::command::Command;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::views::store_problem::detail_card;

/// The kiosk out of service.
pub struct OutOfServicePage {
    /// The Fluent key of what is wrong.
    problem: &'static str,
    /// The check's one-line finding, for the technician.
    detail: String,
}

impl OutOfServicePage {
    /// The page for `refusal`.
    #[must_use]
    pub fn new(refusal: &Refusal) -> Self {
        let problem = match refusal {
            Refusal::Mismatch { .. } | Refusal::ProgramUnreadable(_) => "out-of-service-is-changed",
            Refusal::NoManifest(_) | Refusal::ManifestUnreadable { .. } => {
                "out-of-service-is-unlisted"
            }
            Refusal::Manifest { .. } => "out-of-service-is-unsigned",
            Refusal::OtherVersion { .. } => "out-of-service-is-other-version",
        };
        Self {
            problem,
            detail: refusal.to_string(),
        }
    }
}

impl View for OutOfServicePage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Absent
    }

    fn times_out(&self) -> bool {
        // It stays until a good program is started.
        false
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, _commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            ui.add_space(size::TOUCH);
            ui.add(
                egui::Label::new(
                    RichText::new(texts.get("out-of-service-title"))
                        .text_style(style::title())
                        .color(palette::PROBLEM),
                )
                .wrap_mode(egui::TextWrapMode::Wrap),
            );
            ui.add_space(size::GAP);
            ui.label(RichText::new(texts.get(self.problem)).text_style(style::amount()));
            ui.label(texts.get("out-of-service-nothing-sold"));
            ui.add_space(size::GAP);
            ui.label(texts.get("out-of-service-advice"));
            ui.add_space(size::GAP);
            detail_card(ui, texts, &self.detail);
        });
    }
}
