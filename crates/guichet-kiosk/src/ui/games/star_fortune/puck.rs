//! A puck: a gold disc with a star that turns as it spins.

use std::f32::consts::TAU;

use egui::epaint::Mesh;
use egui::{Painter, Pos2, Stroke, Vec2};

use super::look;
use crate::ui::theme::palette;

/// Paints a puck of `radius` centered on `center`, turned by `angle`
/// (radians); `halo` (0 to 1) lights it as one to pick.
pub fn paint(painter: &Painter, center: Pos2, radius: f32, angle: f32, halo: f32) {
    if halo > 0.0 {
        painter.circle_filled(
            center,
            radius * 1.9,
            look::PRIZE_GLOW.gamma_multiply(halo),
        );
        painter.circle_stroke(
            center,
            radius * 1.9,
            Stroke::new(2.0, palette::STARLIGHT.gamma_multiply(halo)),
        );
    }
    painter.circle(
        center,
        radius,
        look::PUCK,
        Stroke::new((radius * 0.14).max(1.0), look::PUCK_RIM),
    );
    painter.add(star(
        center,
        radius * 0.62,
        radius * 0.26,
        angle,
        look::PUCK_RIM,
    ));
}

/// A five-pointed star of `outer` and `inner` radii in `color`, turned by
/// `angle`.
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
