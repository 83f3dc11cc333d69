//! Bingo's design tokens: the colors, sizes and motion of its world,
//! named once (LOOK.md); its table names these and the kiosk's shared ones
//! (`ui::theme`), never a number of its own.

// A game's own tokens are made from numbers here, as the shared ones are in
// `ui::theme`.
#![allow(clippy::disallowed_methods)]

use egui::Color32;

/// Warm coral.
pub const CORAL: Color32 = Color32::from_rgb(0xE8, 0x6A, 0x52);

/// The deep coral of its lobby tile (white text on it: 4.8:1).
pub const CORAL_DEEP: Color32 = Color32::from_rgb(0xC8, 0x46, 0x2F);

/// The balls, by range of fifteen (1–15 … 61–75).
pub const BALL_COLORS: [Color32; 5] = [
    Color32::from_rgb(0x2F, 0x6F, 0xD6),
    Color32::from_rgb(0xE0, 0x3A, 0x3A),
    Color32::from_rgb(0xF2, 0xA5, 0x1F),
    Color32::from_rgb(0x2E, 0xA0, 0x6A),
    Color32::from_rgb(0x8A, 0x4F, 0xD8),
];

/// The Joker's star on its cell.
pub const JOKER: Color32 = Color32::from_rgb(0xF5, 0xB7, 0x31);

/// A bonus ball still closed.
pub const BONUS_BALL: Color32 = Color32::from_rgb(0xF5, 0xB7, 0x31);

/// A ball's shadow, one of its two soft layers.
pub const BALL_SHADOW: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 22);

/// A glossy highlight on a ball or the glass.
pub const GLOSS: Color32 = Color32::from_rgba_premultiplied(0x8C, 0x8C, 0x8C, 0x8C);

/// The sphere's glass.
pub const GLASS: Color32 = Color32::from_rgba_premultiplied(0x3C, 0x3A, 0x38, 0x50);

/// The sphere's rim.
pub const GLASS_RIM: Color32 = Color32::from_rgb(0xFF, 0xE6, 0xD2);

/// The rail the drawn balls line up on.
pub const RAIL: Color32 = Color32::from_rgb(0x8E, 0x2E, 0x1E);

/// An empty place on the rail.
pub const RAIL_SLOT: Color32 = Color32::from_rgb(0xC8, 0x6A, 0x52);

/// A card.
pub const CARD_PAPER: Color32 = Color32::from_rgb(0xFF, 0xFB, 0xF4);

/// A card's cell lines.
pub const GRID_LINE: Color32 = Color32::from_rgb(0xE8, 0xC9, 0xB8);

/// A daub on a marked cell.
pub const DAUB: Color32 = Color32::from_rgba_premultiplied(0xB9, 0x4F, 0x3C, 0xC8);

/// A card's arrow of combinations (white text on it: 7.9:1).
pub const ARROW: Color32 = Color32::from_rgb(0x7A, 0x26, 0x18);

/// A ball drawn from the sphere to its place on the rail.
pub const BALL_DRAW: f32 = 0.6;

/// Under "Auto", how long before a ball's daub has landed the next ball
/// leaves the sphere, in seconds.
pub const AUTO_DRAW_LEAD: f32 = 0.45;

/// A daub landing on a cell, in seconds.
pub const DAUB_LANDING: f32 = 0.2;
