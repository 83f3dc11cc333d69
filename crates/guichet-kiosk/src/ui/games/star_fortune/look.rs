//! Star Fortune's design tokens: the colors, sizes and motion of its world,
//! named once (LOOK.md); its table names these and the kiosk's shared ones
//! (`ui::theme`), never a number of its own.

// A game's own tokens are made from numbers here, as the shared ones are in
// `ui::theme`.
#![allow(clippy::disallowed_methods)]

use egui::Color32;

/// The violet sky.
pub const SKY: Color32 = Color32::from_rgb(0x35, 0x1E, 0x66);

/// The halo of a peg's light.
pub const PEG_HALO: Color32 = Color32::from_rgba_premultiplied(0x3C, 0x38, 0x2D, 0x3C);

/// The board, a deeper night than the sky around it.
pub const BOARD_NIGHT: Color32 = Color32::from_rgb(0x1F, 0x10, 0x42);

/// The board's walls and the prize row's dividers.
pub const BOARD_RIM: Color32 = Color32::from_rgb(0x9C, 0x7C, 0xE6);

/// A place of the prize row (white text on it: 15:1).
pub const PLACE: Color32 = Color32::from_rgb(0x2C, 0x17, 0x5C);

/// The glow of the prize row.
pub const PRIZE_GLOW: Color32 = Color32::from_rgba_premultiplied(0x18, 0x12, 0x05, 0x19);

/// A BONUS case.
pub const BONUS_CASE: Color32 = Color32::from_rgb(0xE8, 0x4F, 0xA8);

/// The glow of a BONUS case.
pub const BONUS_GLOW: Color32 = Color32::from_rgba_premultiplied(0x5A, 0x1E, 0x40, 0x64);

/// A puck.
pub const PUCK: Color32 = Color32::from_rgb(0xFF, 0xD4, 0x5A);

/// A puck's rim.
pub const PUCK_RIM: Color32 = Color32::from_rgb(0xA8, 0x72, 0x0E);

/// A drop's card, a veil over the sky (white text on it: 12:1).
pub const DROP_CARD: Color32 = Color32::from_rgba_premultiplied(0x12, 0x08, 0x28, 0xC8);

/// The glow behind its lobby illustration.
pub const SKY_GLOW: Color32 = Color32::from_rgb(0x5A, 0x37, 0x9E);

/// The amount a "GO" reveals, rolling up.
pub const COUNTER: f32 = 1.6;

/// How much of its line a place's amount takes, under the prize row.
pub const PLACE_TYPE: f32 = 0.86;

/// On one line, how much of that share an amount takes (the strip's air
/// above and below it).
pub const ONE_LINE: f32 = 0.6;

/// On one line, how much of its place's width an amount may take: the rest
/// is air between it and its neighbours'.
pub const ONE_LINE_ROOM: f32 = 0.82;

/// A BONUS case's plaque around it, in spaces between two lattice positions
/// of its board: its width and height (between the pegs of its row and of
/// the rows above and below).
pub const CASE_PLAQUE: [f64; 2] = [2.6, 0.95];

/// The word BONUS on a plaque, as a share of the plaque's height.
pub const CASE_WORD: f32 = 0.7;

/// How high the amount a "GO" reveals rises over its case, board units.
pub const BONUS_RISE: f64 = 240.0;

/// Of the "GO" roll, the share spent rising and counting up over the board;
/// the rest carries the amount to its card.
pub const BONUS_RISING: f32 = 0.72;

/// How much larger than a card's amount the amount is at the top of its rise.
pub const BONUS_PEAK: f32 = 1.8;
