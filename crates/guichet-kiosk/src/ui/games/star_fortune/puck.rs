//! A puck: a gold disc with a star that turns as it spins.

use egui::{Painter, Pos2, Stroke};

use super::look;
use crate::ui::games::table::paint::star;
use crate::ui::theme::palette;

/// Paints a puck of `radius` centered on `center`, turned by `angle`
/// (radians); `halo` (0 to 1) lights it as one to pick.
pub fn paint(painter: &Painter, center: Pos2, radius: f32, angle: f32, halo: f32) {
    if halo > 0.0 {
        painter.circle_filled(center, radius * 1.9, look::PRIZE_GLOW.gamma_multiply(halo));
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
