//! X10's design tokens: the colors, sizes and motion of its world,
//! named once (LOOK.md); its table names these and the kiosk's shared ones
//! (`ui::theme`), never a number of its own.

// A game's own tokens are made from numbers here, as the shared ones are in
// `ui::theme`.
#![allow(clippy::disallowed_methods)]

use egui::Color32;

/// Deep night blue.
pub const NIGHT: Color32 = Color32::from_rgb(0x12, 0x1D, 0x45);

/// A banknote.
pub const BANKNOTE: Color32 = Color32::from_rgb(0x2E, 0x96, 0x60);

/// The banknote on top of a bundle.
pub const BANKNOTE_LIGHT: Color32 = Color32::from_rgb(0x4A, 0xB0, 0x78);

/// A banknote's edge.
pub const BANKNOTE_EDGE: Color32 = Color32::from_rgb(0x14, 0x5A, 0x3C);

/// A banknote's engraving.
pub const BANKNOTE_LINE: Color32 = Color32::from_rgb(0xE1, 0xF5, 0xE6);

/// An opened note's cartouche, where its symbol is printed.
pub const NOTE_PAPER: Color32 = Color32::from_rgb(0xF1, 0xF8, 0xEC);

/// A multiplier printed in its cartouche: deep gold (5:1 on `NOTE_PAPER`).
pub const MULTIPLIER_INK: Color32 = Color32::from_rgb(0x8A, 0x5A, 0x00);

/// The paper band around a bundle.
pub const BAND: Color32 = Color32::from_rgb(0xF0, 0xC8, 0x50);

/// The band's edge and print.
pub const BAND_EDGE: Color32 = Color32::from_rgb(0x96, 0x6E, 0x14);

/// A diamond's body.
pub const DIAMOND: Color32 = Color32::from_rgb(0x6E, 0xCD, 0xFA);

/// A diamond's brightest facet.
pub const DIAMOND_BRIGHT: Color32 = Color32::from_rgb(0xC8, 0xF5, 0xFF);

/// A diamond's table.
pub const DIAMOND_LIGHT: Color32 = Color32::from_rgb(0xA0, 0xEB, 0xFF);

/// A diamond's shaded crown facet.
pub const DIAMOND_DEEP: Color32 = Color32::from_rgb(0x5A, 0xBE, 0xF0);

/// A diamond's lit pavilion facet.
pub const DIAMOND_WHITE: Color32 = Color32::from_rgb(0xE6, 0xFA, 0xFF);

/// A diamond's shaded pavilion facet.
pub const DIAMOND_DARK: Color32 = Color32::from_rgb(0x46, 0xA0, 0xE1);

/// A diamond's edges.
pub const DIAMOND_EDGE: Color32 = Color32::from_rgb(0x28, 0x6E, 0xAA);

/// The glow behind a winning zone.
pub const WIN_GLOW: Color32 = Color32::from_rgba_premultiplied(0xB0, 0x84, 0x22, 0xB4);

/// A symbol, number or multiplier.
pub const SYMBOL: f32 = 44.0;

/// The glint's light: white added to what lies under it (premultiplied,
/// without alpha), dimmed as it falls off.
pub const GLINT: Color32 = Color32::from_rgba_premultiplied(0xFF, 0xFF, 0xFF, 0);

/// The glint's width across its note or stone, as a share of its diagonal's
/// sweep (from its middle line to where it fades to nothing).
pub const GLINT_WIDTH: f32 = 0.22;

/// The glint's light at its brightest, added to what lies under it (0 to 1).
pub const GLINT_PEAK: f32 = 0.45;
