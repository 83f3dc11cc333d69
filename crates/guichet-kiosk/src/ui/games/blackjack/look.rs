//! Black Jack's design tokens: the colors, sizes and motion of its world,
//! named once (LOOK.md); its table names these and the kiosk's shared ones
//! (`ui::theme`), never a number of its own.

// A game's own tokens are made from numbers here, as the shared ones are in
// `ui::theme`.
#![allow(clippy::disallowed_methods)]

use egui::Color32;

/// The felt, its lit center, its rim.
pub const FELT: Color32 = Color32::from_rgb(0x0E, 0x5A, 0x3C);

/// The felt under the light.
pub const FELT_LIGHT: Color32 = Color32::from_rgb(0x1B, 0x7C, 0x54);

/// Playing cards: the edge.
pub const CARD_EDGE: Color32 = Color32::from_rgb(0xCF, 0xC8, 0xBA);

/// Playing cards: red suits (5.9:1 on `CARD_FACE`).
pub const CARD_RED: Color32 = Color32::from_rgb(0xC0, 0x1C, 0x38);

/// Playing cards: black suits.
pub const CARD_BLACK: Color32 = Color32::from_rgb(0x1A, 0x1A, 0x22);

/// Playing cards: the back.
pub const CARD_BACK: Color32 = Color32::from_rgb(0x8E, 0x1B, 0x2E);

/// Playing cards: the back's pattern.
pub const CARD_BACK_PATTERN: Color32 = Color32::from_rgb(0xB8, 0x3A, 0x4C);

/// Court cards: the ground inside their frame.
pub const COURT_GROUND: Color32 = Color32::from_rgb(0xFB, 0xF3, 0xE0);

/// Court cards: the gold of crowns, tiaras and robes' panels.
pub const COURT_GOLD: Color32 = Color32::from_rgb(0xE8, 0xB4, 0x2C);

/// Court cards: collars and pearls.
pub const COURT_COLLAR: Color32 = Color32::from_rgb(0xFF, 0xFF, 0xFF);

/// Court cards: faces.
pub const COURT_SKIN: Color32 = Color32::from_rgb(0xF4, 0xCF, 0xA8);

/// Chips: red.
pub const CHIP_RED: Color32 = Color32::from_rgb(0xD6, 0x30, 0x31);

/// Chips: their white stripes and edge.
pub const CHIP_WHITE: Color32 = Color32::from_rgb(0xF5, 0xF6, 0xFA);

/// A losing hand's plaque: the felt's shade, its gold gone out.
pub const PLAQUE_LOST: Color32 = Color32::from_rgb(0x0B, 0x3D, 0x2A);

/// A card flip.
pub const CARD_FLIP: f32 = 0.4;

/// A card's shadow on the felt, darker as it lifts (`lift` 0 to 1).
#[must_use]
pub fn card_shadow(lift: f32) -> Color32 {
    Color32::from_black_alpha((60.0 + 30.0 * lift) as u8)
}
