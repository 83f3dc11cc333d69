//! The on-screen keypad the PIN pages share (the operator's and a player's):
//! ten digits, erase and confirm as touch targets, and the same keys from a
//! keyboard — or, for a card's number, what a barcode or QR scanner acting
//! as a keyboard types.

use crate::ui::i18n::Texts;
use crate::ui::theme::size;
use crate::ui::widgets::{key_button, text_width};

/// The space between two keys.
const KEY_SPACING: f32 = size::GAP / 2.0;

/// How much wider than tall a key is, at least.
const KEY_ASPECT: f32 = 1.5;

/// What the keypad leaves under it: a gap and a button.
const KEYPAD_BELOW: f32 = size::TOUCH + 2.0 * size::GAP;

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
    // As tall as the page leaves room for under what is above it, keeping a
    // button's room below (a way back, another card): a touch target at
    // least, larger on a tall kiosk, where a keypad in a corner looks lost.
    let rows_room = ui.available_height() - KEYPAD_BELOW - 3.0 * KEY_SPACING;
    let key_height = (rows_room / 4.0).clamp(size::TOUCH, size::KEY_LARGEST);
    // Every key as wide as the widest word on one, in the key's type (see
    // `key_button`), and at least its height's share: three even columns.
    let erase = texts.get("pin-erase");
    let padding = 2.0 * ui.spacing().button_padding.x;
    let type_scale = key_height / size::TOUCH;
    let widest = [erase.as_str(), confirm]
        .iter()
        .map(|word| text_width(ui, word, egui::TextStyle::Button) * type_scale + padding)
        .fold(key_height * KEY_ASPECT, f32::max);
    let key_size = egui::Vec2::new(widest, key_height);
    let width = widest * 3.0 + 2.0 * KEY_SPACING;
    ui.allocate_ui(egui::Vec2::new(width, 0.0), |ui| {
        egui::Grid::new("keypad")
            .spacing(egui::Vec2::splat(KEY_SPACING))
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
