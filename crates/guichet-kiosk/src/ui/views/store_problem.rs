//! The page shown when the database cannot be opened: what is wrong, that the
//! file was not touched, and what to do. Never a panic, never a reset.

use egui::RichText;
use guichet_sale::StoreError;

use crate::command::Command;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{PageContext, View};

/// Why the store could not be opened.
pub struct StoreProblemPage {
    /// The Fluent keys of what is wrong and of what to do about it.
    problem: &'static str,
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
        Self {
            problem,
            advice,
            detail: error.to_string(),
        }
    }
}

impl View for StoreProblemPage {
    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, _commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            ui.add_space(size::TOUCH);
            ui.label(
                RichText::new(texts.get("store-problem-title"))
                    .text_style(style::title())
                    .color(palette::PROBLEM),
            );
            ui.add_space(size::GAP);
            ui.label(RichText::new(texts.get(self.problem)).text_style(style::amount()));
            ui.label(texts.get("store-problem-untouched"));
            ui.add_space(size::GAP);
            ui.label(texts.get(self.advice));
            ui.add_space(size::GAP);
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(
                    RichText::new(texts.get("store-problem-detail"))
                        .text_style(style::small())
                        .color(palette::INK_SOFT),
                );
                ui.add(
                    egui::Label::new(RichText::new(&self.detail).text_style(style::small()))
                        .wrap_mode(egui::TextWrapMode::Wrap),
                );
            });
        });
    }
}
