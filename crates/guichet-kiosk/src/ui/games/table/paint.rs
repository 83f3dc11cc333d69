//! Painting helpers every table shares: captions, round badges with a number
//! or a short amount, five-pointed stars, and the soft light of a backdrop.

use std::f32::consts::TAU;

use egui::epaint::Mesh;
use egui::{Align2, Painter, Pos2, Rect, Vec2};

use crate::ui::theme::{self, palette, size};

/// A caption centered on `center`, bold, light on the table.
pub fn caption(painter: &Painter, center: Pos2, text: &str, scale: f32) {
    painter.text(
        center,
        Align2::CENTER_CENTER,
        text,
        theme::font(size::BODY * scale.max(1.0), true),
        palette::ON_DARK,
    );
}

/// The size of a badge of `text` once grown in, at the table's `scale`.
#[must_use]
pub fn badge_size(painter: &Painter, text: &str, scale: f32) -> Vec2 {
    let font = theme::font(size::AMOUNT * scale.max(1.0), true);
    let galley = painter.layout_no_wrap(text.to_owned(), font, palette::INK);
    let height = size::BADGE * scale.max(1.0);
    Vec2::new((galley.size().x + 24.0).max(height), height)
}

/// A round badge centered on `center`, growing in as `appear` goes from 0 to 1:
/// gold when `golden`, card white otherwise.
pub fn badge(painter: &Painter, center: Pos2, text: &str, appear: f32, golden: bool, scale: f32) {
    let font = theme::font(size::AMOUNT * scale.max(1.0), true);
    let height = size::BADGE * scale.max(1.0);
    let size = badge_size(painter, text, scale) * (0.6 + 0.4 * appear);
    let rect = Rect::from_center_size(center, size);
    let fill = if golden {
        palette::ACTION
    } else {
        palette::CARD_FACE
    };
    painter.rect_filled(rect, height / 2.0, fill.gamma_multiply(appear));
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        font,
        palette::INK.gamma_multiply(appear),
    );
}

/// Soft rings of light on a backdrop: `rings` discs around one point, the
/// first `radius` of the backdrop's height across, each next `shrink` smaller
/// and `brighten` more opaque, from `alpha`.
#[derive(Clone, Copy, Debug)]
pub struct Glow {
    /// How many discs.
    pub rings: u8,
    /// The first disc's radius, in backdrop heights.
    pub radius: f32,
    /// How much smaller each next disc is, in backdrop heights.
    pub shrink: f32,
    /// The first disc's opacity.
    pub alpha: f32,
    /// How much more opaque each next disc is.
    pub brighten: f32,
}

/// Paints `glow` in `light` around `center` on a backdrop `height` tall.
pub fn glow(painter: &Painter, center: Pos2, height: f32, light: egui::Color32, glow: Glow) {
    for ring in 0..glow.rings {
        painter.circle_filled(
            center,
            height * (glow.radius - f32::from(ring) * glow.shrink),
            light.gamma_multiply(glow.alpha + glow.brighten * f32::from(ring)),
        );
    }
}

/// A five-pointed star of `outer` and `inner` radii in `color`, turned by
/// `angle`.
#[must_use]
pub fn star(center: Pos2, outer: f32, inner: f32, angle: f32, color: egui::Color32) -> Mesh {
    let mut mesh = Mesh::default();
    mesh.colored_vertex(center, color);
    for point in 0..10_u8 {
        let radius = if point % 2 == 0 { outer } else { inner };
        let direction = Vec2::angled(angle - TAU / 4.0 + TAU * f32::from(point) / 10.0);
        mesh.colored_vertex(center + direction * radius, color);
    }
    for point in 0..10_u32 {
        mesh.add_triangle(0, 1 + point, 1 + (point + 1) % 10);
    }
    mesh
}
