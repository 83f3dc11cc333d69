//! A win, celebrated in proportion to its size: gold sparks that rise and fade,
//! for a second or three, then stillness. A stake back or a loss gets none.

use std::f32::consts::TAU;

use egui::{Painter, Pos2, Rect, Shape, Vec2};

use super::outcome::Celebration;
use crate::ui::theme::palette;

/// How long, and with how many sparks, each size of win is celebrated.
const fn extent(size: Celebration) -> (f32, u16) {
    match size {
        Celebration::Small => (1.2, 24),
        Celebration::Medium => (2.0, 70),
        Celebration::Big => (3.0, 160),
    }
}

/// Paints the sparks of a celebration `elapsed` seconds in, over `area`.
/// Returns whether it is still running (and so needs the next frame).
pub fn paint(painter: &Painter, area: Rect, size: Celebration, elapsed: f32) -> bool {
    let (duration, sparks) = extent(size);
    if elapsed >= duration {
        return false;
    }
    let progress = elapsed / duration;
    let fade = 1.0 - progress * progress;
    let origin = Pos2::new(area.center().x, area.bottom() - area.height() * 0.2);
    for spark in 0..sparks {
        // Each spark's path is fixed by its number alone: the same every time.
        let seed = f32::from(spark);
        let angle = -TAU / 4.0 + ((seed * 0.618_034).fract() - 0.5) * 2.4;
        let reach = area.height() * (0.5 + (seed * 0.414_214).fract() * 0.7);
        let position = origin
            + Vec2::new(angle.cos(), angle.sin()) * reach * progress
            + Vec2::new(0.0, area.height() * 0.6 * progress * progress);
        let radius = 3.0 + (seed * 0.732_05).fract() * 5.0;
        let color = if spark % 3 == 0 {
            palette::STARLIGHT
        } else {
            palette::ACTION
        };
        painter.add(Shape::circle_filled(
            position,
            radius,
            color.gamma_multiply(fade),
        ));
    }
    true
}
