//! The page shown when the database cannot be opened: what is wrong, that the
//! file was not touched, and what to do. Never a panic, never a reset.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::StoreError;

use crate::command::Command;
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};

/// Why the store could not be opened.
pub struct StoreProblemPage {
    /// The Fluent keys of the page's title, of what is wrong, of what became
    /// of the file, and of what to do about it.
    title: &'static str,
    problem: &'static str,
    assurance: &'static str,
    advice: &'static str,
    /// The store's own one-line message, with the file's path, for the operator.
    detail: String,
}

impl StoreProblemPage {
    /// The page for `error`.
    #[must_use]
    pub fn new(error: &StoreError) -> Self {
        let (problem, advice) = match error {
            StoreError::Locked { .. } => ("store-problem-is-locked", "store-problem-locked"),
            StoreError::ReadOnly { .. } => {
                ("store-problem-is-read-only", "store-problem-read-only")
            }
            StoreError::ReadOnlyFolder { .. } => (
                "store-problem-is-read-only-folder",
                "store-problem-read-only-folder",
            ),
            StoreError::DatabaseGone { .. } => ("store-problem-is-gone", "store-problem-gone"),
            StoreError::LogReplaced { .. } => (
                "store-problem-is-log-replaced",
                "store-problem-log-replaced",
            ),
            StoreError::ClockBehind { .. } => ("store-problem-is-clock", "store-problem-clock"),
            StoreError::Forged { .. } => ("store-problem-is-forged", "store-problem-forged"),
            StoreError::SideFile { .. } => {
                ("store-problem-is-side-file", "store-problem-side-file")
            }
            StoreError::OldSchema { .. } | StoreError::UnknownSchema { .. } => {
                ("store-problem-is-old", "store-problem-old")
            }
            StoreError::NewerSchema { .. } => ("store-problem-is-newer", "store-problem-newer"),
            StoreError::NotADatabase { .. } | StoreError::NotGuichet { .. } => {
                ("store-problem-is-foreign", "store-problem-damaged")
            }
            StoreError::NotAFile { .. } | StoreError::NoDatabase { .. } => {
                ("store-problem-is-not-a-file", "store-problem-not-a-file")
            }
            StoreError::NoPermission { .. } => {
                ("store-problem-is-forbidden", "store-problem-read-only")
            }
            StoreError::CannotOpen { .. } => {
                ("store-problem-cannot-open", "store-problem-not-a-file")
            }
            StoreError::FileReplaced { .. } => {
                ("store-problem-is-replaced", "store-problem-replaced")
            }
            StoreError::RolledBack { .. } => {
                ("store-problem-is-rolled-back", "store-problem-rolled-back")
            }
            StoreError::SealKeyUnreadable { .. } => ("store-problem-is-key", "store-problem-key"),
            StoreError::KioskRefused(_) => (
                "store-problem-is-unknown-kiosk",
                "store-problem-unknown-kiosk",
            ),
            StoreError::Network(_) => ("store-problem-is-unreachable", "store-problem-unreachable"),
            _ => ("store-problem-is-damaged", "store-problem-damaged"),
        };
        // Found while running, the kiosk stopped and the sales already made
        // are kept (a write the clock refused wrote nothing); found at open,
        // nothing was touched.
        let (title, assurance) = match error {
            StoreError::FileReplaced { .. } | StoreError::LogReplaced { .. } => {
                ("store-problem-title-stopped", "store-problem-kept")
            }
            StoreError::ClockBehind { .. } => {
                ("store-problem-title-stopped", "store-problem-untouched")
            }
            StoreError::Forged { .. } => {
                ("store-problem-title-forged", "store-problem-forged-kept")
            }
            _ => ("store-problem-title", "store-problem-untouched"),
        };
        Self {
            title,
            problem,
            assurance,
            advice,
            detail: error.to_string(),
        }
    }
}

impl View for StoreProblemPage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Absent
    }

    fn times_out(&self) -> bool {
        // It stays: the file is at fault.
        false
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, _commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            ui.add_space(size::TOUCH);
            ui.label(
                RichText::new(texts.get(self.title))
                    .text_style(style::title())
                    .color(palette::PROBLEM),
            );
            ui.add_space(size::GAP);
            ui.label(RichText::new(texts.get(self.problem)).text_style(style::amount()));
            ui.label(texts.get(self.assurance));
            ui.add_space(size::GAP);
            ui.label(texts.get(self.advice));
            ui.add_space(size::GAP);
            detail_card(ui, texts, &self.detail);
        });
    }
}

/// The card of a page about a problem that gives the technical words, for
/// the operator ("Détail pour l'exploitant"): the store's, or the program
/// check's.
pub(crate) fn detail_card(ui: &mut egui::Ui, texts: &Texts, detail: &str) {
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(texts.get("store-problem-detail"))
                .text_style(style::small())
                .color(palette::INK_SOFT),
        );
        // Technical words hold paths with no space: they break anywhere
        // rather than run out of the card.
        let format = egui::TextFormat {
            font_id: style::small().resolve(ui.style()),
            color: ui.visuals().text_color(),
            ..egui::TextFormat::default()
        };
        let mut job = egui::text::LayoutJob::single_section(detail.to_owned(), format);
        job.wrap.break_anywhere = true;
        job.wrap.max_width = ui.available_width();
        ui.add(egui::Label::new(job).wrap_mode(egui::TextWrapMode::Wrap));
    });
}
