//! The operator's PIN: chosen twice the first time, typed afterwards, on a
//! keypad (or the keyboard's digits). Five wrong PINs lock the menu for five
//! minutes; the page then says until when.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::OPERATOR_PIN_DIGITS;

use crate::command::{Command, OperatorCommand};
use crate::ui::keypad::{Key, keypad, typed_keys};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{local_moment, quiet_button};

/// What the page asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinStep {
    /// No PIN yet: choose one (`first` holds the first typing once confirmed).
    Choose {
        /// The PIN typed the first time, waiting to be typed again.
        first: Option<String>,
    },
    /// Type the PIN to open the menu.
    Enter,
}

/// What the page says under the PIN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinMessage {
    /// A wrong PIN, this many tries left.
    Wrong(u32),
    /// Locked until then.
    Locked(jiff::Timestamp),
    /// The two PINs chosen differ.
    Mismatch,
}

/// The PIN page.
pub struct PinPage {
    step: PinStep,
    typed: String,
    message: Option<PinMessage>,
}

impl PinPage {
    /// The page, choosing a PIN if `set` is false, else typing it.
    #[must_use]
    pub const fn new(set: bool) -> Self {
        Self {
            step: if set {
                PinStep::Enter
            } else {
                PinStep::Choose { first: None }
            },
            typed: String::new(),
            message: None,
        }
    }

    /// Shows `message` and clears what was typed.
    pub fn tell(&mut self, message: PinMessage) {
        self.message = Some(message);
        self.typed.clear();
    }

    /// What the page asks for.
    #[must_use]
    pub const fn step(&self) -> &PinStep {
        &self.step
    }

    fn press(&mut self, key: Key, commands: &mut Vec<Command>) {
        match key {
            Key::Char(digit)
                if digit.is_ascii_digit() && self.typed.len() < *OPERATOR_PIN_DIGITS.end() =>
            {
                self.typed.push(digit);
            }
            Key::Erase => {
                self.typed.pop();
            }
            Key::Confirm if OPERATOR_PIN_DIGITS.contains(&self.typed.len()) => {
                self.confirm(commands);
            }
            Key::Char(_) | Key::Confirm => {}
        }
    }

    fn confirm(&mut self, commands: &mut Vec<Command>) {
        let typed = std::mem::take(&mut self.typed);
        match &mut self.step {
            PinStep::Enter => commands.push(Command::Operator(OperatorCommand::SubmitPin(typed))),
            PinStep::Choose { first: None } => {
                self.step = PinStep::Choose { first: Some(typed) };
                self.message = None;
            }
            PinStep::Choose { first: Some(first) } => {
                if *first == typed {
                    commands.push(Command::Operator(OperatorCommand::SubmitPin(typed)));
                } else {
                    self.step = PinStep::Choose { first: None };
                    self.message = Some(PinMessage::Mismatch);
                }
            }
        }
    }
}

impl View for PinPage {
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
        let mut pressed = typed_keys(ui, false);
        theme::page_frame().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                let title = match &self.step {
                    PinStep::Enter => texts.get("pin-enter"),
                    PinStep::Choose { first: None } => texts.get("pin-choose"),
                    PinStep::Choose { first: Some(_) } => texts.get("pin-again"),
                };
                ui.label(RichText::new(title).text_style(egui::TextStyle::Heading));
                let shown = if self.typed.is_empty() {
                    "–".to_owned()
                } else {
                    "•".repeat(self.typed.len())
                };
                ui.label(RichText::new(shown).text_style(style::title()));
                let message = match self.message {
                    None => texts.with(
                        "pin-digits",
                        &[
                            ("min", OPERATOR_PIN_DIGITS.start().to_string()),
                            ("max", OPERATOR_PIN_DIGITS.end().to_string()),
                        ],
                    ),
                    Some(PinMessage::Wrong(left)) => {
                        texts.with("pin-wrong", &[("left", left.to_string())])
                    }
                    Some(PinMessage::Locked(until)) => texts.with(
                        "pin-locked",
                        &[("date", local_moment(until, context.time_zone))],
                    ),
                    Some(PinMessage::Mismatch) => texts.get("pin-mismatch"),
                };
                let color = if self.message.is_some() {
                    palette::PROBLEM
                } else {
                    palette::INK_SOFT
                };
                ui.label(RichText::new(message).color(color));
                pressed.extend(keypad(ui, texts, &texts.get("pin-confirm")));
                ui.add_space(size::GAP);
                if quiet_button(ui, &texts.get("back-to-lobby")).clicked() {
                    commands.push(Command::Operator(OperatorCommand::Leave));
                }
            });
        });
        for key in pressed {
            self.press(key, commands);
        }
    }
}
