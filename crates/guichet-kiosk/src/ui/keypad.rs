//! The on-screen keypad the PIN pages share (the operator's and a player's):
//! ten digits, erase and confirm as touch targets, and the same keys from a
//! keyboard — or, for a card's number, what a barcode or QR scanner acting
//! as a keyboard types.

use crate::ui::i18n::Texts;
use crate::ui::theme::size;
use crate::ui::widgets::{key_button, text_width};

/// A key pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A digit, or any character a scanner typed (when text is taken).
    Char(char),
    /// Erase the last character.
    Erase,
    /// Confirm what was typed.
    Confirm,
}

/// Draws the keypad, `confirm` on its confirming key, and returns the keys
/// pressed on it.
pub fn keypad(ui: &mut egui::Ui, texts: &Texts, confirm: &str) -> Vec<Key> {
    let mut pressed = Vec::new();
    let rows = [
        ['1', '2', '3'].map(Key::Char),
        ['4', '5', '6'].map(Key::Char),
        ['7', '8', '9'].map(Key::Char),
        [Key::Erase, Key::Char('0'), Key::Confirm],
    ];
    // Every key as wide as the widest word on one (and a touch target at
    // least): three even columns.
    let erase = texts.get("pin-erase");
    let padding = 2.0 * ui.spacing().button_padding.x;
    let widest = [erase.as_str(), confirm]
        .iter()
        .map(|word| text_width(ui, word, egui::TextStyle::Button) + padding)
        .fold(size::TOUCH * 1.5, f32::max);
    let key_size = egui::Vec2::new(widest, size::TOUCH);
    let width = widest * 3.0 + size::GAP;
    ui.allocate_ui(egui::Vec2::new(width, 0.0), |ui| {
        egui::Grid::new("keypad")
            .spacing(egui::Vec2::splat(size::GAP / 2.0))
            .show(ui, |ui| {
                for row in rows {
                    for key in row {
                        let clicked = match key {
                            Key::Char(digit) => {
                                key_button(ui, &digit.to_string(), key_size, false).clicked()
                            }
                            Key::Erase => key_button(ui, &erase, key_size, false).clicked(),
                            Key::Confirm => key_button(ui, confirm, key_size, true).clicked(),
                        };
                        if clicked {
                            pressed.push(key);
                        }
                    }
                    ui.end_row();
                }
            });
    });
    pressed
}

/// The keyboard's keys this frame: Backspace, Enter, and the digits typed —
/// or, with `any_text`, every letter, digit and dash typed (a card's number
/// from a scanner).
#[must_use]
pub fn typed_keys(ui: &egui::Ui, any_text: bool) -> Vec<Key> {
    let taken = |c: &char| {
        if any_text {
            c.is_ascii_alphanumeric() || *c == '-'
        } else {
            c.is_ascii_digit()
        }
    };
    ui.input(|input| {
        input
            .events
            .iter()
            .flat_map(|event| match event {
                egui::Event::Text(text) => text.chars().filter(taken).map(Key::Char).collect(),
                egui::Event::Key {
                    key: egui::Key::Backspace,
                    pressed: true,
                    ..
                } => vec![Key::Erase],
                egui::Event::Key {
                    key: egui::Key::Enter,
                    pressed: true,
                    ..
                } => vec![Key::Confirm],
                _ => Vec::new(),
            })
            .collect()
    })
}
